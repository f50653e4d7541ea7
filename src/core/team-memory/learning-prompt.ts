/**
 * The learnings a review is given: those whose scope covers one of the
 * PR's files, shown to the model as untrusted data (the team wrote them in
 * their replies), each with who taught it and where, newest first, within
 * a byte budget; the ones left out are counted.
 */
import type { LearningBlock } from '../memory/rmcoc.js'
import { fenceUntrusted } from '../text-safety/untrusted-text.js'
import { newestFirst } from './learning-order.js'
import { learningOrigin } from './learning-origin.js'
import { scopeMatcher } from './scope-glob.js'

/** Prompt bytes the learnings may take unless the caller says otherwise. */
export const DEFAULT_LEARNINGS_BUDGET = 6 * 1024

/** The learnings covering at least one of `files`, each id once. */
export function learningsForFiles(
  learnings: readonly LearningBlock[],
  files: readonly string[]
): LearningBlock[] {
  const seen = new Set<string>()
  return learnings.filter((learning) => {
    if (seen.has(learning.id)) return false
    const matches = scopeMatcher(learning.scope.path)
    if (!files.some((file) => matches(file))) return false
    seen.add(learning.id)
    return true
  })
}

/** One learning as prose; the glob is a code span so its "**" survives rendering. */
function learningText(learning: LearningBlock): string {
  const url = learning.source.url === undefined ? '' : ` (${learning.source.url})`
  return [
    `${learning.id}: ${learning.rule}`,
    `scope: \`${learning.scope.path}\`, category ${learning.scope.category}`,
    `taught by ${learning.taught_by} ${learningOrigin(learning)}${url} on the finding: ${learning.finding}`
  ].join('\n')
}

const bytes = (text: string): number => new TextEncoder().encode(text).length

/** Room kept for the line counting the learnings left out. */
const MORE_LINE_BYTES = 100

const INTRO =
  'The team taught these rules when it settled earlier findings. Do not report what a rule says is fine here, unless it is a security issue or scores 9-10; then name the rule you go against.'

function section(shown: readonly LearningBlock[]): string {
  return [
    INTRO,
    fenceUntrusted({
      label: `Team learnings (${shown.length})`,
      text: shown.map(learningText).join('\n\n'),
      kind: 'prose'
    })
  ].join('\n\n')
}

/**
 * The section for `learnings` (filter with learningsForFiles first); empty
 * when there are none. Newest first, as many as fit in `budget` bytes.
 */
export function renderLearnings(
  learnings: readonly LearningBlock[],
  budget = DEFAULT_LEARNINGS_BUDGET
): string {
  if (learnings.length === 0) return ''
  const ordered = newestFirst(learnings)
  const shown: LearningBlock[] = []
  for (const [index, learning] of ordered.entries()) {
    const reserve = index === ordered.length - 1 ? 0 : MORE_LINE_BYTES
    if (bytes(section([...shown, learning])) + reserve > budget) break
    shown.push(learning)
  }
  const hidden = ordered.length - shown.length
  const more =
    hidden === 0
      ? ''
      : `${hidden} more team learning${hidden === 1 ? '' : 's'} not shown (over the prompt budget).`
  if (shown.length === 0) return more
  return hidden === 0 ? section(shown) : `${section(shown)}\n${more}`
}
