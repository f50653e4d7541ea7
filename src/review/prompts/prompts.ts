/**
 * Assembles the system prompt, the four pass prompts, the fix-verification
 * preamble and the nudges from the markdown in prompts/ (embedded into the
 * bundle as prompt-texts.generated.ts).
 */
import type { IgnoredPath } from '../../core/diff/diff-budget.js'
import type { SensitivityAssessment } from '../../core/findings/sensitivity.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import { EXPLORATION_TOOLS, TOOL_NAMES, WEB_TOOLS } from '../../core/names/tool-names.js'
import { renderPathRulesSection } from '../../core/path-rules/rules-section.js'
import { fenceUntrusted } from '../../core/text-safety/untrusted-text.js'
import type { ReviewScope } from '../scope/change-since.js'
import {
  renderCommitRange,
  renderEarlierSummaries,
  renderFindings,
  renderPullRequest,
  renderStateCounts,
  renderThreads,
  type CommitRange,
  type PassSummary,
  type PriorThread,
  type PullRequestContext,
  type RecordedFinding
} from './prompt-sections.js'
import { fillTemplate } from './prompt-template.js'
import { PROMPT_TEXTS, type PromptName } from './prompt-texts.generated.js'
import { renderScopedDiff, renderScopeSentence, renderScopeStatement } from './scope-sections.js'

export type { CommitRange, PassSummary, PriorThread, PullRequestContext, RecordedFinding }

/**
 * Every `{{tool.<key>}}` the prompts may use: the action's tools, and
 * opencode's own reading tools under their names (`{{tool.read}}`), so a
 * prompt can only name a tool the run offers.
 */
export const PROMPT_TOOL_NAMES: Readonly<Record<string, string>> = {
  ...TOOL_NAMES,
  ...Object.fromEntries(EXPLORATION_TOOLS.map((name) => [name, name]))
}

/** The web tools' sentence of the system prompt: only what `enable_web` offers. */
export function webToolsSentence(enableWeb: boolean): string {
  if (!enableWeb) return 'There are no web tools in this run.'
  const names = WEB_TOOLS.map((name) => `\`${name}\``).join(', ')
  return `${names}: check library documentation or CVEs when a finding depends on them.`
}

export const PASS_COUNT = 4

function fill(name: PromptName, values: Record<string, string> = {}): string {
  return fillTemplate(name, PROMPT_TEXTS[name], values, PROMPT_TOOL_NAMES).trim()
}

export interface SystemPromptInput {
  readonly problemScoreThreshold: number
  readonly scoreElevationThreshold: number
  readonly maxComments: number
  readonly enableWeb: boolean
}

export function buildSystemPrompt(input: SystemPromptInput): string {
  return fill('system', {
    problem_score_threshold: String(input.problemScoreThreshold),
    score_elevation_threshold: String(input.scoreElevationThreshold),
    max_comments: String(input.maxComments),
    web_tools: webToolsSentence(input.enableWeb)
  })
}

/**
 * Appended to the system prompt of every reviewer model but the primary:
 * several review at once, only the primary answers earlier threads.
 */
export function buildSecondReviewerNote(): string {
  return fill('second-reviewer')
}

export interface PreviousReview {
  readonly threads: readonly PriorThread[]
  readonly commitRange: CommitRange
}

/** Before pass 1 on a later run: the earlier threads, the commit range and what to do with each open thread. */
export function buildFixVerificationPrompt(previous: PreviousReview): string {
  return fill('fix-verification', {
    state_counts: renderStateCounts(previous.threads),
    threads:
      previous.threads.length === 0 ? 'No threads to verify.' : renderThreads(previous.threads),
    commit_range: renderCommitRange(previous.commitRange)
  })
}

export interface Pass1Input {
  readonly pr: PullRequestContext
  /** Every file of the pull request. */
  readonly files: readonly ChangedFile[]
  /** Characters of patch text inlined at most; the rest is listed. */
  readonly diffBudgetChars: number
  /** Present on a run after an earlier review: the fix-verification preamble comes first. */
  readonly previousReview?: PreviousReview | undefined
  /** The whole pull request, or only what changed since the last reviewed head. */
  readonly scope: ReviewScope
  /** Paths the repository config file ignores: listed, never inlined. */
  readonly ignored?: IgnoredPath | undefined
  /** The team's learnings for these files (renderLearnings); '' or absent: none. */
  readonly learnings?: string
}

export function buildPass1Prompt(input: Pass1Input): string {
  const diff = renderScopedDiff(input.files, input.scope, input.diffBudgetChars, input.ignored)
  const pass = fill('pass-1', {
    review_scope: renderScopeStatement(input.scope),
    pr_context: renderPullRequest(input.pr),
    files_changed: diff.filesChanged,
    diff: diff.diff,
    team_learnings:
      (input.learnings ?? '') === '' ? '' : `## What the team taught\n\n${input.learnings}`
  })
  if (input.previousReview === undefined) return pass
  return `${buildFixVerificationPrompt(input.previousReview)}\n\n${pass}`
}

export interface Pass2Input {
  /** The summary given to submit_pass_results in pass 1; null when pass 1 did not complete. */
  readonly pass1Summary: string | null
  readonly scope: ReviewScope
}

export function buildPass2Prompt(input: Pass2Input): string {
  const summary =
    input.pass1Summary === null || input.pass1Summary.trim() === ''
      ? 'Pass 1 did not complete, so there is no summary. Cover the diff as part of this pass.'
      : fenceUntrusted({
          label: 'Your pass-1 summary',
          text: input.pass1Summary,
          kind: 'prose'
        })
  return fill('pass-2', { review_scope: renderScopeSentence(input.scope), pass_1_summary: summary })
}

export interface Pass3Input {
  readonly sensitivity: SensitivityAssessment
  /** AGENTS.md text, or null when the repository has none. */
  readonly agentsMd: string | null
  /** `instructions` of the repository config file; '' or absent when there are none. */
  readonly reviewInstructions?: string
  /** The rules-by-path section for the files under review (renderPathRulesSection); absent: none. */
  readonly pathRules?: string
  /** What passes 1 and 2 submitted; a pass missing here did not complete. */
  readonly earlierSummaries: readonly PassSummary[]
  readonly scope: ReviewScope
}

export const AGENTS_MD_NOT_FOUND = 'Not found'
export const REVIEW_INSTRUCTIONS_NONE = 'None'

export function buildPass3Prompt(input: Pass3Input): string {
  const agents =
    input.agentsMd === null || input.agentsMd.trim() === ''
      ? `${AGENTS_MD_NOT_FOUND}: the repository has no AGENTS.md; check the changes against the architecture you observed in passes 1-2.`
      : fenceUntrusted({
          label: 'AGENTS.md',
          text: input.agentsMd,
          kind: 'prose',
          info: 'markdown'
        })
  const instructions = input.reviewInstructions ?? ''
  return fill('pass-3', {
    review_scope: renderScopeSentence(input.scope),
    earlier_summaries: renderEarlierSummaries(input.earlierSummaries, 2),
    security_sensitivity: input.sensitivity.sentence,
    agents_md: agents,
    path_rules: input.pathRules ?? renderPathRulesSection(new Map()).text,
    review_instructions:
      instructions.trim() === ''
        ? `${REVIEW_INSTRUCTIONS_NONE}: the repository config file gives no instructions.`
        : fenceUntrusted({
            label: 'Review instructions (.github/review-my-code-bot.yml)',
            text: instructions,
            kind: 'prose',
            info: 'markdown'
          })
  })
}

export interface Pass4Input {
  readonly findings: readonly RecordedFinding[]
  readonly scoreElevationThreshold: number
  /** What passes 1-3 submitted; a pass missing here did not complete. */
  readonly earlierSummaries: readonly PassSummary[]
  readonly scope: ReviewScope
}

export function buildPass4Prompt(input: Pass4Input): string {
  return fill('pass-4', {
    review_scope: renderScopeSentence(input.scope),
    earlier_summaries: renderEarlierSummaries(input.earlierSummaries, 3),
    findings: renderFindings(input.findings),
    score_elevation_threshold: String(input.scoreElevationThreshold)
  })
}

function checkPass(passNumber: number): string {
  if (!Number.isInteger(passNumber) || passNumber < 1 || passNumber > PASS_COUNT) {
    throw new RangeError(`pass number must be 1-${PASS_COUNT}, got ${passNumber}`)
  }
  return String(passNumber)
}

/** Sent once when a turn ends without submit_pass_results. */
export function buildSubmitNudge(passNumber: number): string {
  return fill('nudge-submit', { pass_number: checkPass(passNumber) })
}

/** Sent once when open threads got neither a reply nor a resolution. */
export function buildThreadsNudge(passNumber: number, threads: readonly PriorThread[]): string {
  return fill('nudge-threads', {
    pass_number: checkPass(passNumber),
    threads: renderThreads(threads)
  })
}
