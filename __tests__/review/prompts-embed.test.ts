import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { PROMPT_TEXTS } from '../../src/review/prompts/prompt-texts.generated.js'

const promptsDir = path.resolve(process.cwd(), 'prompts')
const markdown = readdirSync(promptsDir)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .sort()

describe('prompt-texts.generated.ts', () => {
  it('embeds exactly the markdown files of prompts/ (run node scripts/embed-prompts.mjs)', () => {
    expect(Object.keys(PROMPT_TEXTS).sort()).toEqual(markdown.map((name) => name.slice(0, -3)))
  })

  it.each(markdown)('%s is embedded verbatim (run node scripts/embed-prompts.mjs)', (name) => {
    const key = name.slice(0, -3) as keyof typeof PROMPT_TEXTS
    expect(PROMPT_TEXTS[key]).toBe(readFileSync(path.join(promptsDir, name), 'utf8'))
  })
})
