/**
 * sanitizeText removes raw diffs (in prose or a fenced block, not
 * pseudo-code) and turns suggestion fences of every shape into plain code
 * blocks, keeping other info strings.
 */
import { describe, expect, it } from '@jest/globals'
import { DIFF_REDACTED, sanitizeText } from '../../src/core/text-safety/sanitize.js'
import { FENCE } from './sanitize-fixtures.js'

describe('sanitizeText: diffs and suggestions', () => {
  it('replaces a raw diff in prose with one marker and keeps the prose after it', () => {
    const diff = [
      'diff --git a/src/a.ts b/src/a.ts',
      'index 1111111..2222222 100644',
      '--- a/src/a.ts',
      '+++ b/src/a.ts',
      '@@ -1,2 +1,2 @@',
      '-const a = 1',
      '+const a = 2',
      ' const b = 3'
    ].join('\n')
    const out = sanitizeText(`Here is the change:\n${diff}\n\n- a bullet stays`)
    expect(out).toBe(`Here is the change:\n${DIFF_REDACTED}\n\n- a bullet stays`)
  })

  it('replaces the raw diff inside a fenced block', () => {
    const out = sanitizeText(`See:\n${FENCE}diff\ndiff --git a/x b/x\n+added\n${FENCE}\nend`)
    // Printed anew: blocks are separated by a blank line.
    expect(out).toBe(`See:\n\n${FENCE}diff\n${DIFF_REDACTED}\n${FENCE}\n\nend`)
  })

  it('keeps a diff-language block without a git header (pseudo-code is allowed)', () => {
    const text = `${FENCE}diff\n-old()\n+new()\n${FENCE}`
    expect(sanitizeText(text)).toBe(text)
  })

  it.each([
    ['backticks', FENCE + 'suggestion', FENCE, FENCE],
    ['more backticks', '````suggestion', '````', FENCE],
    ['tildes', '~~~suggestion', '~~~', FENCE],
    ['spaced, upper case, with range', '```  Suggestion:-0+1', '```', FENCE],
    ['inside a blockquote', '> ```suggestion', '> ```', `> ${FENCE}`]
  ])(
    'turns a suggestion fence (%s) into a plain code block',
    (_name, opening, closing, printed) => {
      const out = sanitizeText(`Try:\n${opening}\nconst x = safe(y)\n${closing}\nok`)
      expect(out.toLowerCase()).not.toContain('suggestion')
      expect(out).toContain('\nconst x = safe(y)\n')
      // Printed anew: the fence opens on its own line, always with backticks.
      expect(out.split('\n')).toContain(printed)
    }
  )

  it('keeps other info strings', () => {
    const text = `${FENCE}ts\nconst suggestion = 1\n${FENCE}`
    expect(sanitizeText(text)).toBe(text)
  })
})
