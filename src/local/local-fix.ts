/**
 * Local fix mode: review the current branch, then rounds of fix, verify,
 * commit (a real commit on the branch) and review of that commit, as the
 * action does on a pull request (src/fix/). Refused before any model
 * request when the work tree has uncommitted changes, when HEAD is on no
 * branch, or when the base's repository config has no `fix.verify`.
 */
import { parseRepoConfig, REPO_CONFIG_PATH, RepoConfigError } from '../config/repo-config.js'
import { effectiveConfig } from '../config/effective-config.js'
import type { FixSettings, RepoConfig } from '../config/repo-config.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import { runFixLoop } from '../fix/fix-loop.js'
import type { FixLoopResult } from '../fix/fix-loop-result.js'
import { readLocalBranch, type LocalBranch } from './local-branch.js'
import { checkOutHead } from './local-checkout.js'
import { modelCredentials } from './local-credentials.js'
import { localFixDeps } from './local-fix-deps.js'
import type { LocalGit } from './local-git.js'
import { onInterrupt } from './interrupt-cleanups.js'
import { lockState } from './local-lock.js'
import {
  openRepository,
  reviewLockedBranch,
  type LocalReviewOptions,
  type LocalReviewResult
} from './local-review.js'
import { statePathFor } from './local-state-file.js'
import { LocalUsageError } from './local-usage-error.js'
import { requireCleanWorkTree } from './local-work-tree.js'

export interface LocalFixOptions extends Omit<LocalReviewOptions, 'workingTree'> {
  /** 1-3 rounds. */
  readonly maxRounds: number
}

type Reviewed = Extract<LocalReviewResult, { kind: 'reviewed' }>

export type LocalFixResult =
  | {
      readonly kind: 'fixed'
      /** The last review: of the last fix commit, or the one before the loop. */
      readonly review: Reviewed
      readonly fix: FixLoopResult
      readonly maxRounds: number
      readonly warnings: readonly string[]
    }
  | { readonly kind: 'skipped'; readonly reason: string; readonly warnings: readonly string[] }

/** fix.verify of the repository config at the base; LocalUsageError saying how to set it. */
async function baseFixSettings(
  git: LocalGit,
  branch: LocalBranch
): Promise<{ settings: FixSettings; file: RepoConfig }> {
  const read = await git.run(['cat-file', 'blob', `${branch.baseSha}:${REPO_CONFIG_PATH}`])
  let file: RepoConfig = {}
  try {
    if (read.code === 0) file = parseRepoConfig(read.stdout)
  } catch (error) {
    if (!(error instanceof RepoConfigError)) throw error
    throw new LocalUsageError(`${REPO_CONFIG_PATH} on ${branch.baseRef}: ${getErrorMessage(error)}`)
  }
  if (file.fix === undefined) {
    throw new LocalUsageError(
      `fix needs the commands that verify a fix: add \`fix: { verify: ["npm ci", "npm test"] }\` (your repository's own) to ${REPO_CONFIG_PATH} and commit it on ${branch.baseRef}; it is read from the base (${branch.baseSha.slice(0, 7)}), never from the branch under fix`
    )
  }
  return { settings: file.fix, file }
}

/** The branch to fix: on a branch, with a clean work tree and fix.verify at its base. */
async function prepareFix(options: LocalFixOptions) {
  modelCredentials(options.config, options.env)
  const { git } = await openRepository(options.cwd, options.env)
  const branch = await readLocalBranch(git, { base: options.base, workingTree: false })
  if (branch.branch === 'HEAD') {
    throw new LocalUsageError('HEAD is detached: fix commits on a branch; check out a branch first')
  }
  const repo = git.at(branch.toplevel)
  await requireCleanWorkTree(repo)
  const { settings, file } = await baseFixSettings(repo, branch)
  const minScore = effectiveConfig(options.config, file).config.problemScoreThreshold
  return { git: repo, branch, settings, minScore }
}

interface FixRun {
  readonly options: LocalFixOptions
  readonly git: LocalGit
  readonly statePath: string
  last: Reviewed
  readonly warnings: string[]
}

/** Reviews the fix commit `head`, now the branch's HEAD; the agents are always opencode's. */
async function reviewFixCommit(run: FixRun, head: string): Promise<void> {
  const { startAgent: _played, ...options } = run.options
  const branch = await readLocalBranch(run.git, { base: options.base, workingTree: false })
  if (branch.headSha !== head) {
    throw new Error(`the branch is at ${branch.headSha}, not at the fix commit ${head}`)
  }
  const result = await reviewLockedBranch(
    { ...options, workingTree: false },
    run.git,
    branch,
    run.statePath
  )
  run.warnings.push(...result.warnings)
  if (result.kind === 'reviewed') run.last = result
}

async function loop(
  run: FixRun,
  branch: LocalBranch,
  prepared: Awaited<ReturnType<typeof prepareFix>>
) {
  const { options } = run
  const credentials = modelCredentials(options.config, options.env)
  const checkout = await checkOutHead(run.git, branch.headSha)
  const unregister = onInterrupt(() => checkout.dispose())
  try {
    const deps = localFixDeps({
      config: options.config,
      git: run.git,
      branch: branch.branch,
      statePath: run.statePath,
      settings: prepared.settings,
      agent: { env: options.env, log: options.log, workTree: branch.toplevel, ...credentials },
      secrets: credentials.secrets,
      deadlineMs: options.passDeadlineMs ?? options.config.passTimeoutMinutes * 60_000,
      reviewHead: (head) => reviewFixCommit(run, head)
    })
    return await runFixLoop(deps, {
      reviewedHead: branch.headSha,
      checkout: checkout.directory,
      maxRounds: options.maxRounds,
      minScore: prepared.minScore,
      repoConfigPath: REPO_CONFIG_PATH,
      secrets: credentials.secrets
    })
  } finally {
    await checkout.dispose()
    unregister()
  }
}

/**
 * Reviews and fixes the current branch. LocalUsageError for a refusal;
 * ReviewFailedError or any other error: a review could not complete (the
 * commits made before it stay on the branch).
 */
export async function runLocalFix(options: LocalFixOptions): Promise<LocalFixResult> {
  const prepared = await prepareFix(options)
  const { git, branch } = prepared
  const statePath = statePathFor(branch.commonDir, branch.branch)
  const lock = await lockState(statePath, `branch ${branch.branch}`)
  const unregister = onInterrupt(() => lock.release())
  try {
    const first = await reviewLockedBranch(
      { ...options, workingTree: false },
      git,
      branch,
      statePath,
      lock.warnings
    )
    if (first.kind === 'skipped') return first
    const run: FixRun = { options, git, statePath, last: first, warnings: [...first.warnings] }
    const fix = await loop(run, branch, prepared)
    const { maxRounds } = options
    return { kind: 'fixed', review: run.last, fix, maxRounds, warnings: run.warnings }
  } finally {
    await lock.release()
    unregister()
  }
}
