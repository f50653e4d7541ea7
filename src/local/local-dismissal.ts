/**
 * `dismiss <id> --reason "…"`: the developer's call on an open finding of
 * the current branch, recorded in the branch's state file (the finding is
 * never raised again on the branch), and taught to the repository's local
 * team memory: the reason, cleaned to one plain line, becomes the rule
 * that holds back the same finding on every branch (security findings and
 * those scored 9-10 still go out, with the rule shown). On GitHub the
 * model words the rule from a thread's exchange; here the developer's own
 * sentence is the exchange, so no model runs. `--no-learn` dismisses
 * without teaching (a reason that is about this branch only), and
 * `forget <id>` takes a learning back.
 */
import { getErrorMessage } from '../core/errors/error-message.js'
import type { ThreadState } from '../core/memory/run-state.js'
import type { LearningBlock } from '../core/memory/rmcoc.js'
import { buildLearning, LearningInputError } from '../core/team-memory/learning-builder.js'
import { learningCandidate } from '../core/team-memory/learning-candidates.js'
import { loginFrom } from './local-branch.js'
import { dismiss, findOpen, type LocalFinding } from './local-findings.js'
import { LOCAL_PR_NUMBER } from './local-gateway.js'
import { addLocalLearning, learningsPathFor } from './local-learnings.js'
import { lockState } from './local-lock.js'
import { countLocalOutcomes } from './local-outcomes.js'
import { openRepository } from './local-review.js'
import { loadState, statePathFor, StateStore } from './local-state-file.js'
import { LocalUsageError } from './local-usage-error.js'

export type DismissalLearning =
  | { readonly kind: 'learned'; readonly learning: LearningBlock; readonly path: string }
  /** --no-learn. */
  | { readonly kind: 'off' }
  /** The dismissal stands; why nothing was learned from it. */
  | { readonly kind: 'not-learned'; readonly reason: string }

export interface LocalDismissal {
  readonly finding: LocalFinding
  readonly learning: DismissalLearning
  /** For the developer: a stale lock taken over, a corrupt learnings file set aside. */
  readonly warnings: readonly string[]
}

export interface DismissOptions {
  /** false: `--no-learn`, nothing is taught. */
  readonly learn: boolean
}

/** The learning a dismissal of `thread` on `branch` teaches; throws LearningInputError. */
export function dismissalLearning(
  thread: ThreadState,
  dismissal: { reason: string; developer: string; branch: string; now: Date }
): LearningBlock {
  // The rule is the reason as the developer wrote it; no model rewords it.
  const candidate = learningCandidate(LOCAL_PR_NUMBER, thread, dismissal.developer, 'dismissed')
  return buildLearning({
    candidate,
    rule: dismissal.reason,
    now: dismissal.now,
    branch: dismissal.branch
  })
}

async function teach(
  commonDir: string,
  learning: () => LearningBlock
): Promise<{ learning: DismissalLearning; warnings: readonly string[] }> {
  let block: LearningBlock
  try {
    block = learning()
  } catch (error) {
    if (!(error instanceof LearningInputError)) throw error
    return { learning: { kind: 'not-learned', reason: getErrorMessage(error) }, warnings: [] }
  }
  const path = learningsPathFor(commonDir)
  try {
    const warnings = await addLocalLearning(path, block)
    return { learning: { kind: 'learned', learning: block, path }, warnings }
  } catch (error) {
    // The dismissal is already written: a learning that could not be kept only says so.
    const reason = `the learnings file could not be written: ${getErrorMessage(error)}`
    return { learning: { kind: 'not-learned', reason }, warnings: [] }
  }
}

/** Records the developer's call on finding `id`; LocalUsageError listing the known ids when unknown. */
export async function dismissFinding(
  cwd: string,
  id: string,
  reason: string,
  options: DismissOptions = { learn: true }
): Promise<LocalDismissal> {
  const { root, git } = await openRepository(cwd, process.env)
  const branch = root.branch ?? 'HEAD'
  const statePath = statePathFor(root.commonDir, branch)
  const lock = await lockState(statePath, `branch ${branch}`)
  try {
    const loaded = await loadState(statePath)
    if (loaded.state === undefined) {
      const why = loaded.warnings.length > 0 ? ` ${loaded.warnings.join(' ')}` : ''
      throw new LocalUsageError(
        `no open finding ${JSON.stringify(id)}: this branch has no review state at ${statePath}.${why}`
      )
    }
    const developer = loginFrom((await git.value(['config', 'user.name'])) ?? '')
    const store = new StateStore(statePath, loaded.state)
    const now = new Date()
    const { thread } = findOpen(store.state, id)
    const finding = await dismiss(store, { id, reason, developer, now })
    await store.update((state) => countLocalOutcomes(state, now))
    if (!options.learn) return { finding, learning: { kind: 'off' }, warnings: lock.warnings }
    const taught = await teach(root.commonDir, () =>
      dismissalLearning(thread, { reason: reason.trim(), developer, branch, now })
    )
    return { finding, ...taught, warnings: [...lock.warnings, ...taught.warnings] }
  } finally {
    await lock.release()
  }
}
