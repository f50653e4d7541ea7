/**
 * The prompt of each pass, built when the pass starts: pass 2 needs pass 1's
 * summary, pass 4 the stage as passes 1-3 left it.
 */
import type { Config } from '../../config/action-config.js'
import type { IgnoreMatcher } from '../../config/ignore-globs.js'
import { agreesWith } from '../../core/findings/finding-agreement.js'
import type { FindingStage } from '../../core/findings/finding-stage.js'
import type { SensitivityAssessment } from '../../core/findings/sensitivity.js'
import type { LearningBlock } from '../../core/memory/rmcoc.js'
import type { RunState } from '../../core/memory/run-state.js'
import type { PathRule } from '../../core/path-rules/path-rules.js'
import { rulesByFile } from '../../core/path-rules/rules-for-file.js'
import { renderPathRulesSection } from '../../core/path-rules/rules-section.js'
import { learningsForFiles, renderLearnings } from '../../core/team-memory/learning-prompt.js'
import type { ReviewScope } from '../scope/change-since.js'
import type { ReviewContext } from '../preparation/review-context.js'
import {
  buildPass1Prompt,
  buildPass2Prompt,
  buildPass3Prompt,
  buildPass4Prompt,
  type PreviousReview
} from './prompts.js'
import type { ActionReviewTools } from '../tools/action-review-tools.js'

/** Characters of patch text inlined in the pass-1 prompt at most, unless deps say otherwise. */
export const DEFAULT_DIFF_BUDGET_CHARS = 120_000

export interface PassPromptInput {
  readonly context: ReviewContext
  readonly state: RunState
  readonly scope: ReviewScope
  readonly stage: FindingStage
  readonly tools: ActionReviewTools
  readonly sensitivity: SensitivityAssessment
  readonly config: Config
  readonly diffBudgetChars: number
  /** The repository config file's ignore globs: the glob a path matches, or undefined. */
  readonly ignored: IgnoreMatcher
  /** Rules by path of the base commit and the config file. */
  readonly pathRules: readonly PathRule[]
  /** With several reviewer models: whose prompts these are (pass 4 lists only its findings). */
  readonly reviewer?: string
  /** The team's learnings (team memory); those covering the PR's files go into pass 1. */
  readonly learnings?: readonly LearningBlock[]
}

/** Fix verification: every earlier finding, when there are any. */
function previousReviewOf(input: PassPromptInput): PreviousReview | undefined {
  const { state, context } = input
  if (state.threads.length === 0) return undefined
  return {
    threads: state.threads,
    commitRange: { from: state.metadata.last_reviewed_sha, to: context.pr.headSha }
  }
}

function summariesUpTo(tools: ActionReviewTools, last: number) {
  const out: { pass: number; summary: string }[] = []
  for (let pass = 1; pass <= last; pass += 1) {
    const summary = tools.passResults.get(pass)?.summary
    if (summary !== undefined) out.push({ pass, summary })
  }
  return out
}

/**
 * The files pass 3 checks against rules by path: the files pass 1 reviews
 * (in an incremental review, those changed since the last review, without
 * the ones the PR no longer changes; else every file of the PR), minus the
 * ignored ones, whose findings are refused anyway.
 */
export function filesUnderReview(
  input: Pick<PassPromptInput, 'context' | 'scope' | 'ignored'>
): string[] {
  const { scope } = input
  const paths =
    scope.kind === 'incremental'
      ? scope.files.filter((file) => file.status !== 'dropped').map((file) => file.path)
      : input.context.files.map((file) => file.path)
  return paths.filter((path) => input.ignored(path) === undefined)
}

function pathRulesSection(input: PassPromptInput): string {
  const byFile = rulesByFile(input.pathRules, filesUnderReview(input))
  return renderPathRulesSection(byFile).text
}

export function passPromptFor(input: PassPromptInput): (pass: number) => string {
  const { context, tools, scope } = input
  const { pr } = context
  return (pass) => {
    switch (pass) {
      case 1:
        return buildPass1Prompt({
          pr: {
            number: pr.number,
            title: pr.title,
            body: pr.body,
            headRef: pr.headRef,
            baseRef: pr.baseRef
          },
          files: context.files,
          diffBudgetChars: input.diffBudgetChars,
          previousReview: previousReviewOf(input),
          scope,
          ignored: (path) => input.ignored(path) !== undefined,
          learnings: renderLearnings(
            learningsForFiles(
              input.learnings ?? [],
              context.files.map((file) => file.path)
            )
          )
        })
      case 2:
        return buildPass2Prompt({
          pass1Summary: tools.passResults.get(1)?.summary ?? null,
          scope
        })
      case 3:
        return buildPass3Prompt({
          sensitivity: input.sensitivity,
          agentsMd: context.agentsMd ?? null,
          reviewInstructions: input.config.reviewInstructions,
          pathRules: pathRulesSection(input),
          earlierSummaries: summariesUpTo(tools, 2),
          scope
        })
      default:
        return buildPass4Prompt({
          findings: input.stage
            .all()
            .filter((f) => f.state === 'staged' || f.state === 'suppressed')
            .filter((f) => !agreesWith(f, input.reviewer))
            .map((f) => ({ ...f, state: f.state as 'staged' | 'suppressed' })),
          scoreElevationThreshold: input.config.scoreElevationThreshold,
          earlierSummaries: summariesUpTo(tools, 3),
          scope
        })
    }
  }
}
