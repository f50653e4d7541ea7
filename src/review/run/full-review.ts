/**
 * A full review run: the scope (the whole PR, or only what changed since the
 * last reviewed head), the agent's four passes in one session (one session
 * per reviewer model with `reviewer_models`, all at once, on one stage; see
 * reviewers.ts), the dispute rule for what the agent left disputed, one
 * publication, one record.
 */
import type { Config } from '../../config/action-config.js'
import { ignoreMatcher } from '../../config/ignore-globs.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import { FindingStage } from '../../core/findings/finding-stage.js'
import { assessSensitivity, type SensitivityAssessment } from '../../core/findings/sensitivity.js'
import type { ReviewEngineDeps, ReviewOutcome } from '../../ports/review-engine.js'
import { reviewScope, type ReviewScope } from '../scope/change-since.js'
import { ensureCheckoutIsHead } from '../preparation/checkout-guard.js'
import { confirmFindings } from '../confirmation/confirm-findings.js'
import { finishRun } from './finish-run.js'
import { DEFAULT_DIFF_BUDGET_CHARS, passPromptFor } from '../prompts/pass-prompts.js'
import type { PreparedRun } from '../preparation/prepare-run.js'
import { ReviewCheck } from '../publishing/review-check.js'
import { failReview, ReviewFailedError } from '../preparation/review-failure.js'
import { systemPromptFor, toolsFor } from '../passes/agent-start.js'
import { discoveryFocusNote, planDiscovery } from '../passes/discovery-runs.js'
import {
  leadingRun,
  reviewersOf,
  runReviewers,
  type Reviewer,
  type ReviewerRun
} from '../passes/reviewers.js'
import { afterPassesOfRun, type TeamMemoryRun } from './after-passes.js'

/** The base branch changed since the record: what the PR changes is no longer comparable. */
function retargeted(prepared: PreparedRun): ReviewScope | undefined {
  const before = prepared.record?.baseRef
  const now = prepared.context.pr.baseRef
  if (before === undefined || before === now) return undefined
  // Branch names reach the prompt: only plain ones are named.
  const plain = [before, now].every((ref) => /^[\w./-]{1,100}$/.test(ref))
  return {
    kind: 'full',
    reason: plain
      ? `the pull request now targets ${now} (it targeted ${before})`
      : 'the pull request now targets another base branch'
  }
}

async function scopeOf(prepared: PreparedRun, deps: ReviewEngineDeps): Promise<ReviewScope> {
  const { gateway, context, state } = prepared
  let scope: ReviewScope
  try {
    scope =
      retargeted(prepared) ??
      (await reviewScope({
        gateway,
        pr: context.pr,
        files: context.files,
        lastReviewedSha: state.metadata.last_reviewed_sha
      }))
  } catch (error) {
    // GitHub could not say what changed: review everything rather than nothing.
    scope = {
      kind: 'full',
      reason: `the change since the last review could not be read (${getErrorMessage(error)})`
    }
  }
  deps.log.info(
    scope.kind === 'full'
      ? `Full review: ${scope.reason}.`
      : `Incremental review of ${scope.from}..${scope.to}: ${scope.files.length} file(s) changed since.`
  )
  return scope
}

function stageFor(config: Config, securitySensitive: boolean, prepared: PreparedRun): FindingStage {
  return new FindingStage(
    {
      problemScoreThreshold: config.problemScoreThreshold,
      scoreElevationThreshold: config.scoreElevationThreshold,
      securitySensitive
    },
    prepared.state.threads
  )
}

/**
 * Nothing reviewed and nothing staged: never report a review that did not
 * happen. With several reviewers, one that reviewed is enough.
 */
async function failWhenNothingReviewed(
  prepared: PreparedRun,
  stage: FindingStage,
  runs: readonly ReviewerRun[],
  deps: ReviewEngineDeps
): Promise<void> {
  if (stage.publishable().length > 0 || runs.some((r) => r.failure === undefined)) return
  const why =
    runs.length === 1
      ? (runs[0]?.failure ?? 'the review did not run')
      : `no reviewer model could review: ${runs.map((r) => `${r.name}: ${r.failure ?? ''}`).join('; ')}`
  await failReview(prepared.gateway, deps, why)
}

/**
 * The review with its check run: started before the agent, and completed
 * whatever happens (a run that fails says why on it).
 */
export async function fullReview(
  prepared: PreparedRun,
  config: Config,
  deps: ReviewEngineDeps,
  team?: TeamMemoryRun
): Promise<ReviewOutcome> {
  const check = await ReviewCheck.start(prepared.gateway, prepared.context.pr.headSha, deps)
  try {
    return await reviewWithCheck(prepared, config, deps, check, team)
  } catch (error) {
    const message = getErrorMessage(error)
    const reason = error instanceof ReviewFailedError ? message : `Review failed: ${message}`
    await check.fail(reason, config.failOn)
    throw error
  }
}

/**
 * Every reviewer model on the shared stage, at once. One reviewer names
 * none: its run is exactly the single-model review.
 */
async function reviewAll(
  prepared: PreparedRun,
  config: Config,
  deps: ReviewEngineDeps,
  scope: ReviewScope,
  stage: FindingStage,
  sensitivity: SensitivityAssessment,
  team: TeamMemoryRun | undefined
): Promise<ReviewerRun[]> {
  const learnings = team?.memory.learnings ?? []
  const pathRules = await prepared.pathRules()
  const discovery = planDiscovery(config)
  if (discovery.note !== undefined) deps.log.info(discovery.note)
  const reviewers = reviewersOf(config, discovery.focuses)
  const named = reviewers.length > 1
  await ensureCheckoutIsHead(prepared, deps)
  return runReviewers(reviewers, {
    prepared,
    stage,
    config,
    deps,
    tagLogs: named,
    systemPrompt: systemPromptFor(config),
    toolsFor: (reviewer) =>
      toolsFor(
        prepared,
        stage,
        deps,
        undefined,
        named ? { model: reviewer.name, primary: reviewer.primary } : undefined,
        learnings
      ),
    afterPasses: afterPassesOfRun(prepared, config, deps, team),
    passPromptFor: (reviewer, tools) =>
      withFocus(
        reviewer,
        passPromptFor({
          context: prepared.context,
          state: prepared.state,
          scope,
          stage,
          tools,
          sensitivity,
          config,
          diffBudgetChars: deps.diffBudgetChars ?? DEFAULT_DIFF_BUDGET_CHARS,
          ignored: ignoreMatcher(config.ignorePaths),
          pathRules,
          learnings,
          ...(named ? { reviewer: reviewer.name } : {})
        })
      )
  })
}

/** A discovery run's pass prompts end with its focus. */
function withFocus(reviewer: Reviewer, prompt: (pass: number) => string): (pass: number) => string {
  const focus = reviewer.focus
  if (focus === undefined) return prompt
  const note = discoveryFocusNote(focus)
  return (pass) => `${prompt(pass)}\n\n${note}`
}

/** What the reviewers did, ready to be settled, confirmed and published. */
interface ReviewedRuns {
  readonly prepared: PreparedRun
  readonly config: Config
  readonly deps: ReviewEngineDeps
  readonly check: ReviewCheck
  readonly scope: ReviewScope
  readonly stage: FindingStage
  readonly runs: readonly ReviewerRun[]
  /** The run the outcome reports (see leadingRun). */
  readonly lead: ReviewerRun
  readonly team: TeamMemoryRun | undefined
}

/**
 * After the passes (and the dispute rule, in the primary's session):
 * confirmation of the blocking findings, then publication, the record and
 * the report.
 */
async function concludeReview(reviewed: ReviewedRuns): Promise<ReviewOutcome> {
  const { prepared, config, deps, stage, runs, lead } = reviewed
  const { context } = prepared
  const primary = runs.find((r) => r.primary) ?? lead
  const tools = primary.tools
  // The dispute rule ran in the primary's session after its passes (after-passes.ts).
  if (primary.afterPassesError !== undefined) throw primary.afterPassesError
  const confirmation = await confirmFindings({
    stage,
    config,
    files: context.files,
    earlier: prepared.state.threads,
    deps,
    warn: (message) => {
      tools.warnings.push(message)
      deps.log.warning(message)
    }
  })
  return finishRun({
    prepared,
    config,
    stage,
    tools,
    run: lead.run,
    scope: reviewed.scope,
    deps,
    check: reviewed.check,
    ...(runs.length > 1 ? { reviewers: runs } : {}),
    ...(confirmation === undefined ? {} : { confirmation }),
    ...(reviewed.team === undefined ? {} : { memory: reviewed.team.memory }),
    ...(primary.afterPasses === undefined ? {} : { afterPasses: primary.afterPasses })
  })
}

async function reviewWithCheck(
  prepared: PreparedRun,
  config: Config,
  deps: ReviewEngineDeps,
  check: ReviewCheck,
  team: TeamMemoryRun | undefined
): Promise<ReviewOutcome> {
  const { context } = prepared
  const scope = await scopeOf(prepared, deps)
  const sensitivity = assessSensitivity({
    packageJson: context.packageJson,
    readme: context.readme
  })
  const stage = stageFor(config, sensitivity.level === 'high', prepared)
  const runs = await reviewAll(prepared, config, deps, scope, stage, sensitivity, team)
  await failWhenNothingReviewed(prepared, stage, runs, deps)
  const lead = leadingRun(runs)
  let outcome: ReviewOutcome
  try {
    outcome = await concludeReview({
      prepared,
      config,
      deps,
      check,
      scope,
      stage,
      runs,
      lead,
      team
    })
  } catch (error) {
    return await failReview(
      prepared.gateway,
      deps,
      `publishing the review failed part way (some comments may be posted, the summary is missing): ${getErrorMessage(error)}`
    )
  }
  const { run } = lead
  if (run.fatal !== undefined || !run.passes.some((p) => p.completed)) {
    throw new ReviewFailedError(
      `The review stopped early (${run.fatal ?? 'no pass completed'}); the findings staged so far were published.`,
      outcome
    )
  }
  return outcome
}
