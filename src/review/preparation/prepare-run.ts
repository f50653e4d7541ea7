/**
 * The first step of every run: read the PR, find the last run record, learn
 * who speaks for the PR, and rebuild the review state from the bot's own
 * comments. Nothing is written here, except the failure comment of a bad
 * repository config file.
 */
import type { Config } from '../../config/action-config.js'
import type { RunRecord } from '../../core/memory/run-record-reader.js'
import type { PathRule } from '../../core/path-rules/path-rules.js'
import { rebuildRunState } from '../../core/memory/threads.js'
import { type RunState } from '../../core/memory/run-state.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'
import type { ReviewRequest } from '../../core/pull-request/review-request.js'
import { applyRepoConfig } from './apply-repo-config.js'
import { developersOf } from './developers.js'
import { DryRunGateway } from '../gateways/dry-run-gateway.js'
import { loadReviewContext, type ReviewContext } from './review-context.js'
import { findRunRecord } from './run-record-search.js'
import { pathRulesOf } from './rule-file-reads.js'
import { SignedGateway } from '../gateways/signed-gateway.js'

export interface PreparedRun {
  readonly gateway: ReviewGateway
  /** The inputs with the base branch's repository config file applied: what the run uses. */
  readonly config: Config
  /** dry_run: the gateway that kept every write back (and records them); undefined otherwise. */
  readonly dryRun: DryRunGateway | undefined
  readonly context: ReviewContext
  /** Rules by path: the base commit's rule files and the effective `path_instructions`, read on first call. */
  readonly pathRules: () => Promise<readonly PathRule[]>
  /** The state as the earlier runs left it. */
  readonly state: RunState
  /** The last run record, wherever it was kept; null before the first completed review. */
  readonly record: RunRecord | null
  /** With a state_key: bot state read without a valid signature (ignored). */
  readonly unverifiedState: number
}

/** Rules by path, built from the rule files on first call. */
function lazyPathRules(
  context: ReviewContext,
  pathInstructions: Config['pathInstructions'],
  deps: ReviewEngineDeps
): () => Promise<readonly PathRule[]> {
  let rules: Promise<readonly PathRule[]> | undefined
  return () => {
    rules ??= context.ruleFiles().then((reads) => pathRulesOf(reads, pathInstructions, deps.log))
    return rules
  }
}

export async function prepareRun(
  request: ReviewRequest,
  config: Config,
  deps: ReviewEngineDeps
): Promise<PreparedRun> {
  const github = deps.gatewayFor(request)
  // Outermost is the signing: a dry run records bodies exactly as they would be sent.
  const dryRun = config.dryRun ? new DryRunGateway(github, (m) => deps.log.info(m)) : undefined
  const inner = dryRun ?? github
  const gateway = config.stateKey === '' ? inner : new SignedGateway(inner, config.stateKey)
  // A reply usually starts a threads-only run, which shows no rules by path.
  const context = await loadReviewContext(gateway, { eagerRules: request.trigger !== 'reply' })
  const effective = await applyRepoConfig(context, config, gateway, deps)
  const pathRules = lazyPathRules(context, effective.pathInstructions, deps)
  const record = await findRunRecord({
    gateway,
    pr: context.pr,
    issueComments: context.issueComments,
    botLogins: config.botLogins,
    beforeSha: request.beforeSha,
    log: deps.log
  })
  const isDeveloper = await developersOf({
    pr: context.pr,
    threads: context.threads,
    directory: deps.directoryFor(request),
    botLogins: config.botLogins,
    log: deps.log
  })
  const rebuilt = rebuildRunState({
    threads: [...context.threads],
    issueComments: [...context.issueComments],
    botLogins: config.botLogins,
    isDeveloper,
    ...(context.pr.author === null ? {} : { prAuthor: context.pr.author.login }),
    runRecord: record
  })
  if (gateway instanceof SignedGateway && gateway.rejectedBlocks > 0) {
    // Unsigned state is likely another workflow echoing text as the same bot.
    deps.log.warning(
      `${gateway.rejectedBlocks} comment(s) or check run(s) carried bot state without a valid state_key signature; ignored.`
    )
  }
  for (const ignored of rebuilt.ignored) {
    deps.log.debug(`Ignored comment ${ignored.commentId}: ${ignored.reason}`)
  }
  const unverifiedState = gateway instanceof SignedGateway ? gateway.rejectedBlocks : 0
  return {
    gateway,
    config: effective,
    dryRun,
    context,
    pathRules,
    state: rebuilt.state,
    record,
    unverifiedState
  }
}
