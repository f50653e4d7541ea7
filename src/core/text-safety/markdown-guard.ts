/**
 * Makes markdown safe to post: read and plan (markdown-plan.ts); while the
 * plan holds edits that can change how the text parses, apply those alone
 * and read again; then apply the last plan whole. Word joiners cannot change
 * the parse, so most texts take one reading, and the result depends only on
 * the final structure (sanitizing twice changes nothing). Each further
 * round removes markup (an HTML `<`, an image), so rounds run out quickly;
 * if they do not within MAX_ROUNDS, the whole text becomes one fenced code
 * block, which GitHub shows verbatim: no mention, image or HTML in it is live.
 */
import { longestRun } from './markdown-fences.js'
import { planMarkdown } from './markdown-plan.js'
import { applyEdits } from './text-edits.js'

const MAX_ROUNDS = 4

export interface GuardedMarkdown {
  readonly text: string
  /** The run that closes a top-level fence the text leaves open, if any. */
  readonly openFence: string | undefined
}

/** One fenced code block, its fence longer than any backtick run inside, so no line ends it. */
function asCodeBlock(text: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1))
  return `${fence}\n${text}\n${fence}`
}

/** The text with its mentions, HTML and images defused (see the file comment). */
export function guardMarkdown(text: string): GuardedMarkdown {
  let current = text
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const plan = planMarkdown(current)
    if (!plan.structural)
      return { text: applyEdits(current, plan.edits), openFence: plan.openFence }
    // Neutral edits wait for the last reading, so the result depends on the final structure only.
    current = applyEdits(
      current,
      plan.edits.filter((edit) => edit.neutral !== true)
    )
  }
  return { text: asCodeBlock(current), openFence: undefined }
}
