/**
 * Local mode: the same review engine (four passes, read-only sandboxed agent,
 * the model key only in the loopback proxy) run on a local branch, with git
 * and a state file standing in for GitHub. This is the API the command-line
 * shell codes against.
 */
import type { Config } from '../config/action-config.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { JobSummaryInput as RunReport } from '../core/reports/run-report.js'
import type { Verdict } from '../core/findings/verdict.js'
import type { ReviewLog } from '../ports/agent-session.js'
import type { ReviewEngineDeps } from '../ports/review-engine.js'
import { ReviewRunner } from '../review/run/review-runner.js'
import type { ReviewRequest } from '../core/pull-request/review-request.js'
import { readLocalBranch, findRepository, type LocalBranch } from './local-branch.js'
import { CHECK_RUN_NAME } from '../review/preparation/run-record-search.js'
import { LocalCheckRuns } from './local-check-runs.js'
import { LazyHeadCheckout } from './local-checkout.js'
import { modelCredentials } from './local-credentials.js'
import { localEngineDeps } from './local-deps.js'
import { openFindings, type LocalFinding } from './local-findings.js'
import { LocalGateway, LOCAL_PR_NUMBER } from './local-gateway.js'
import { LocalGit } from './local-git.js'
import { onInterrupt } from './interrupt-cleanups.js'
import { lockState } from './local-lock.js'
import { followHead } from './local-thread-lines.js'
import { emptyState, loadState, statePathFor, StateStore } from './local-state-file.js'
import { LocalUsageError } from './local-usage-error.js'
import { countLocalOutcomes, readLocalOutcomes, type LocalOutcomes } from './local-outcomes.js'
import {
  forgetLocalLearning,
  learningsPathFor,
  readLocalLearnings,
  type LocalLearnings
} from './local-learnings.js'
import type { LearningBlock } from '../core/memory/rmcoc.js'

export type { RunReport, LocalFinding, LocalOutcomes, LocalLearnings }
export { LocalUsageError }
export interface LocalReviewOptions {
  /** Any directory inside the git work tree. */
  readonly cwd: string
  /** --base; default: the upstream's default branch (refs/remotes/origin/HEAD), else `main`. */
  readonly base?: string
  /** --working-tree: review the tracked working-tree changes on top of HEAD. */
  readonly workingTree: boolean
  /** Already parsed by the CLI with parseConfig. */
  readonly config: Config
  readonly env: Readonly<Record<string, string | undefined>>
  /** The CLI prints one progress line per log.group("Review pass N of 4") call. */
  readonly log: ReviewLog
  /** Overrides pass_timeout_minutes (tests). */
  readonly passDeadlineMs?: number
  /** Starts the agents instead of opencode sidecars (tests replay an earlier run's script). */
  readonly startAgent?: ReviewEngineDeps['startAgent']
}

export type LocalReviewResult =
  | {
      readonly kind: 'reviewed'
      readonly verdict: Verdict
      readonly report: RunReport
      /** Every finding open after the run. */
      readonly findings: readonly LocalFinding[]
      readonly scope: 'full' | 'incremental'
      readonly statePath: string
      readonly warnings: readonly string[]
    }
  | { readonly kind: 'skipped'; readonly reason: string; readonly warnings: readonly string[] }

/** git for the work tree `cwd` is in, never one found inside that work tree. */
export async function openRepository(cwd: string, env: LocalReviewOptions['env']) {
  const root = await findRepository(await LocalGit.find(cwd, env, [cwd]))
  const git = await LocalGit.find(root.toplevel, env, [root.toplevel, cwd])
  return { root, git }
}

/**
 * The run's request, as a push event to the branch would make it. The head
 * the last run reviewed is its "before": a --working-tree snapshot or an
 * amended commit is no commit of the branch, and the run record on it is
 * found through it (as a force-pushed head is on GitHub).
 */
function localRequest(branch: LocalBranch, store: StateStore): ReviewRequest {
  const before = new LocalCheckRuns(store, () => new Date()).lastCompletedHead(CHECK_RUN_NAME)
  return {
    ...(before === undefined ? {} : { beforeSha: before }),
    owner: 'local',
    repo: branch.repoName,
    prNumber: LOCAL_PR_NUMBER,
    trigger: 'pull_request',
    actor: branch.userLogin,
    headSha: branch.headSha
  }
}

interface PreparedLocalRun {
  readonly git: LocalGit
  readonly branch: LocalBranch
  readonly store: StateStore
  readonly config: Config
  readonly warnings: string[]
}

/** The branch, its state (a corrupt file set aside), threads moved to the reviewed head. */
async function prepareLocalRun(
  options: LocalReviewOptions,
  git: LocalGit,
  branch: LocalBranch,
  statePath: string
): Promise<PreparedLocalRun> {
  const loaded = await loadState(statePath)
  const state = loaded.state ?? emptyState(options.config.botLogins[0] ?? 'review-my-code-bot')
  const store = new StateStore(statePath, state)
  await followHead(git, store, branch.headSha)
  // The bot is the one identity its comments in this state file carry.
  const config: Config = { ...options.config, botLogins: [state.botLogin] }
  return { git, branch, store, config, warnings: [...loaded.warnings] }
}

/** Runs the engine on the prepared branch; the outcome and the report it made. */
async function reviewPrepared(options: LocalReviewOptions, run: PreparedLocalRun) {
  const { git, branch, store, config } = run
  const checkout = new LazyHeadCheckout(git, branch.headSha)
  const unregister = onInterrupt(() => checkout.dispose())
  let report: RunReport | undefined
  const deps = localEngineDeps({
    config,
    env: options.env,
    log: options.log,
    gateway: new LocalGateway({ git, branch, store, now: () => new Date() }),
    checkout,
    workTree: branch.toplevel,
    developer: branch.userLogin,
    ...modelCredentials(options.config, options.env),
    onReport: (made) => {
      report = made
    },
    passDeadlineMs: options.passDeadlineMs,
    startAgent: options.startAgent,
    learningsPath: learningsPathFor(branch.commonDir)
  })
  try {
    const outcome = await new ReviewRunner(deps).review(localRequest(branch, store), config)
    return { outcome, report }
  } finally {
    await checkout.dispose()
    unregister()
  }
}

/** The branch's settled findings counted for `stats`; a failure only warns. */
async function countOutcomesOf(store: StateStore, warnings: string[]): Promise<void> {
  try {
    await store.update((state) => countLocalOutcomes(state, new Date()))
  } catch (error) {
    warnings.push(`The outcomes of this review could not be counted: ${getErrorMessage(error)}`)
  }
}

/**
 * Reviews `branch` while the caller holds the lock of its state file at
 * `statePath`; `lockWarnings` are the lock's own (a stale lock taken over).
 */
export async function reviewLockedBranch(
  options: LocalReviewOptions,
  git: LocalGit,
  branch: LocalBranch,
  statePath: string,
  lockWarnings: readonly string[] = []
): Promise<LocalReviewResult> {
  const run = await prepareLocalRun(options, git, branch, statePath)
  const warnings = [...lockWarnings, ...run.warnings]
  const { outcome, report } = await reviewPrepared(options, run)
  await countOutcomesOf(run.store, warnings)
  if (outcome.kind === 'skipped') return { kind: 'skipped', reason: outcome.reason, warnings }
  if (report === undefined) throw new Error('the review finished without a report')
  const scope = report.scope?.kind === 'incremental' ? 'incremental' : 'full'
  const findings = openFindings(run.store.state)
  const { verdict } = outcome
  return { kind: 'reviewed', verdict, report, findings, scope, statePath, warnings }
}

/** Reviews the current branch. ReviewFailedError or any other error: the review could not complete. */
export async function runLocalReview(options: LocalReviewOptions): Promise<LocalReviewResult> {
  // Before anything else: without a way to reach a model there is nothing to do.
  modelCredentials(options.config, options.env)
  const { git } = await openRepository(options.cwd, options.env)
  const branch = await readLocalBranch(git, options)
  const statePath = statePathFor(branch.commonDir, branch.branch)
  const lock = await lockState(statePath, `branch ${branch.branch}`)
  const unregister = onInterrupt(() => lock.release())
  try {
    return await reviewLockedBranch(options, git, branch, statePath, lock.warnings)
  } finally {
    await lock.release()
    unregister()
  }
}

/** Where the state file of the branch `cwd` has checked out is. */
async function branchStatePath(cwd: string) {
  const { root } = await openRepository(cwd, process.env)
  return statePathFor(root.commonDir, root.branch ?? 'HEAD')
}

/** The findings open on the current branch, from its state file. */
export async function localStatus(
  cwd: string
): Promise<{ findings: readonly LocalFinding[]; statePath: string; warnings: readonly string[] }> {
  const statePath = await branchStatePath(cwd)
  const loaded = await loadState(statePath)
  return { findings: openFindings(loaded.state), statePath, warnings: loaded.warnings }
}

/** The outcomes of every branch of the repository `cwd` is in, from their state files. */
export async function localOutcomes(cwd: string): Promise<LocalOutcomes> {
  const { root } = await openRepository(cwd, process.env)
  return readLocalOutcomes(root.commonDir)
}

/** The learnings kept for the repository `cwd` is in (every branch's dismissals), oldest first. */
export async function localLearnings(cwd: string): Promise<LocalLearnings & { path: string }> {
  const { root } = await openRepository(cwd, process.env)
  const path = learningsPathFor(root.commonDir)
  return { ...(await readLocalLearnings(path)), path }
}

/** Forgets learning `id` of the repository `cwd` is in; LocalUsageError listing the ids when unknown. */
export async function forgetLearning(cwd: string, id: string): Promise<LearningBlock> {
  const { root } = await openRepository(cwd, process.env)
  return forgetLocalLearning(learningsPathFor(root.commonDir), id)
}
