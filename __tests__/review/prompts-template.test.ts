import { describe, expect, it } from '@jest/globals'
import {
  fillTemplate,
  PromptTemplateError,
  templateSlots
} from '../../src/review/prompts/prompt-template.js'
import { PROMPT_TEXTS } from '../../src/review/prompts/prompt-texts.generated.js'
import { TOOL_NAMES } from '../../src/core/names/tool-names.js'
import { PROMPT_TOOL_NAMES } from '../../src/review/prompts/prompts.js'
import { FIXER_PROMPT_TOOL_NAMES } from '../../src/review/prompts/fixer-prompts.js'

/** The fixer's prompts (fix-*) are filled from its own tools, the rest from the reviewer's. */
const toolsOf = (name: string) =>
  name.startsWith('fix-') && name !== 'fix-verification'
    ? FIXER_PROMPT_TOOL_NAMES
    : PROMPT_TOOL_NAMES

const tools = { postReviewComment: 'github_post_review_comment' }

describe('fillTemplate', () => {
  it('fills value slots and tool slots', () => {
    const out = fillTemplate(
      't',
      'Score {{ score }}; call `{{tool.postReviewComment}}`.',
      { score: '7' },
      tools
    )
    expect(out).toBe('Score 7; call `github_post_review_comment`.')
  })

  it('fails on a slot without a value, naming it', () => {
    expect(() => fillTemplate('pass-9', 'a {{diff}} b {{summary}}', { diff: 'd' }, tools)).toThrow(
      'prompt "pass-9": no value for {{summary}}'
    )
  })

  it('fails on a tool the table does not have', () => {
    expect(() => fillTemplate('t', '{{tool.deleteRepo}}', {}, tools)).toThrow(
      /\{\{tool\.deleteRepo\}\}/
    )
  })

  it('fails on a value the template has no slot for', () => {
    expect(() => fillTemplate('t', 'a {{x}}', { x: '1', y: '2' }, tools)).toThrow(/no slot .* y/)
  })

  it('fails on a malformed slot', () => {
    for (const text of ['a {{ two words }}', 'a {{x}', 'a {{}}']) {
      expect(() => fillTemplate('t', text, { x: '1' }, tools)).toThrow(PromptTemplateError)
    }
  })

  it('does not re-scan inserted values', () => {
    const out = fillTemplate(
      't',
      'body: {{body}}',
      { body: 'say {{tool.postReviewComment}}' },
      tools
    )
    expect(out).toBe('body: say {{tool.postReviewComment}}')
  })
})

describe('the prompt markdown', () => {
  it.each(Object.keys(PROMPT_TEXTS))('%s names only tools the action serves', (name) => {
    const text = PROMPT_TEXTS[name as keyof typeof PROMPT_TEXTS]
    const toolSlots = templateSlots(text).filter((slot) => slot.startsWith('tool.'))
    for (const slot of toolSlots) {
      expect(Object.keys(toolsOf(name))).toContain(slot.slice('tool.'.length))
    }
  })

  // The action's tool names; opencode's own (read, grep, glob) are also words, so
  // prompt-tool-names.test.ts checks them on the rendered prompts instead.
  it.each(Object.keys(PROMPT_TEXTS))('%s never hard-codes a tool name outside a slot', (name) => {
    const text = PROMPT_TEXTS[name as keyof typeof PROMPT_TEXTS]
    for (const tool of Object.values(TOOL_NAMES)) {
      expect(text).not.toContain(tool)
    }
  })
})
