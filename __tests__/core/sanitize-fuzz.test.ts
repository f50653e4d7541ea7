/**
 * Differential fuzzing: random markdown built from the pieces that make
 * mentions, images and comments slip through (emphasis, references, HTML
 * blocks, fences in containers, code spans, links, images), sanitized, then
 * read by a second parser (micromark, see markdown-oracle.ts). Nothing in
 * the output may be live for it. The generator is seeded, so a failure
 * reproduces; the failing inputs are printed.
 */
import { describe, expect, it } from '@jest/globals'
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { sanitizeComment, sanitizeText } from '../../src/core/text-safety/sanitize.js'
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { findings, hiddenCharacters, topLevelRmcocBlocks } from './markdown-oracle.js'

const PIECES = [
  '@octocat',
  '@my-org/team',
  '&#64;octocat',
  '&#x40;hubot',
  '&commat;monalisa',
  '&#64x',
  'dev@example.com',
  'a@b.co',
  'https://x.example/@z',
  'www.x.example/@w',
  '_',
  '__',
  '*',
  '**',
  '~~',
  '`',
  '``',
  '```',
  '~~~',
  '\\',
  '<div>',
  '</div>',
  '<p>',
  '<details><summary>',
  '</summary>',
  '<!--',
  '-->',
  '<?',
  '<script>',
  '<pre>',
  '<img src="https://evil.example/i.png?d=1">',
  '<picture><source srcset="https://evil.example/s.png">',
  '![alt](https://evil.example/a.png?d=1)',
  '![',
  '](https://evil.example/b.png)',
  '[',
  ']',
  '(',
  ')',
  '[x]: https://evil.example/r.png',
  '![r][x]',
  '[^1]: ',
  '<https://a.example/@b>',
  '\n',
  '\n\n',
  '\n- ',
  '\n> ',
  '\n1. ',
  '\n    ',
  '\n  ',
  '\n```\n',
  '\n~~~\n',
  '\n| a | b |\n|---|---|\n| ',
  ' | ',
  '\n---\n',
  ' ',
  'text',
  '# ',
  '\u200b',
  '\u202e',
  '\t',
  '<a href="https://x.example/@q">',
  '</a>',
  '<b>',
  '<br>',
  '&lt;',
  '&amp;',
  '[link](https://x.example/@y)',
  '[^x]',
  '<!-- opencode-review:run-end -->',
  '\n+ ',
  '\n> > ',
  '\n1) '
]

/** mulberry32: a small seeded generator. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function sample(next: () => number): string {
  const count = 3 + Math.floor(next() * 40)
  return Array.from({ length: count }, () => PIECES[Math.floor(next() * PIECES.length)]).join('')
}

const CASES = 1000
/** The second parser is slow on purpose-built input; generous room for a loaded CI machine. */
const TIMEOUT_MS = 120_000

function problems(out: string): string[] {
  const found = findings(out)
  return [
    ...found.mentions.map((m) => `mention ${m}`),
    ...found.images.map((m) => `image ${m}`),
    ...found.comments.map((m) => `comment ${m}`),
    ...hiddenCharacters(out).map((c) => `hidden U+${c.codePointAt(0)?.toString(16)}`)
  ]
}

describe('sanitizer against a second parser', () => {
  it(
    `leaves nothing live in ${CASES} random texts`,
    () => {
      const next = random(20240611)
      const failures: { input: string; problems: string[] }[] = []
      for (let i = 0; i < CASES; i += 1) {
        const input = sample(next)
        const found = problems(sanitizeText(input))
        if (found.length > 0) failures.push({ input, problems: found })
      }
      expect(failures.slice(0, 5)).toEqual([])
    },
    TIMEOUT_MS
  )

  it(
    `keeps the rmcoc block and marker readable after ${CASES} random texts`,
    () => {
      const next = random(7)
      const block = { kind: 'finding', finding: 'f', assessment: 'a', score: 5 } as const
      const failures: { input: string; problems: string[] }[] = []
      for (let i = 0; i < CASES; i += 1) {
        const input = sample(next)
        const body = sanitizeComment({ text: input, compose: (t) => formatBotComment(t, block) })
        const found = problems(body)
        if (!parseRmcoc(body).ok) found.push('rmcoc unreadable')
        if (topLevelRmcocBlocks(body) !== 1) found.push('rmcoc block not a top-level code block')
        if (!body.endsWith(`\n\n${BOT_MARKER}`)) found.push('marker not last')
        if (found.length > 0) failures.push({ input, problems: found })
      }
      expect(failures.slice(0, 5)).toEqual([])
    },
    TIMEOUT_MS
  )

  it(
    'is idempotent: sanitizing sanitized text changes nothing',
    () => {
      const next = random(99)
      const changed: string[] = []
      for (let i = 0; i < CASES; i += 1) {
        const once = sanitizeText(sample(next))
        if (sanitizeText(once) !== once) changed.push(once)
      }
      expect(changed.slice(0, 5)).toEqual([])
    },
    TIMEOUT_MS
  )
})
