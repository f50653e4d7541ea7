/**
 * Renders the variable parts of the pass prompts. Anything that came from the
 * pull request, its comments or the model's own earlier output goes through
 * fenceUntrusted; only our own words and validated identifiers stand outside
 * a fence.
 */
import { describeFile, planDiff, type IgnoredPath } from '../../core/diff/diff-budget.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import { fenceUntrusted } from '../../core/text-safety/untrusted-text.js'

export interface PullRequestContext {
  readonly number: number
  readonly title: string
  readonly body: string
  readonly headRef: string
  readonly baseRef: string
}

export function renderPullRequest(pr: PullRequestContext): string {
  const text = [
    `Title: ${pr.title}`,
    `Branch: ${pr.headRef} into ${pr.baseRef}`,
    '',
    pr.body.trim() === '' ? '(no description)' : pr.body
  ].join('\n')
  return [
    `Pull request #${pr.number}.`,
    '',
    fenceUntrusted({ label: 'Title, branches and description', text, kind: 'prose' })
  ].join('\n')
}

export interface DiffSections {
  readonly filesChanged: string
  readonly diff: string
}

/** The file list (every file) and the inlined patches, within the budget. */
export function renderDiff(
  files: readonly ChangedFile[],
  maxChars: number,
  ignored?: IgnoredPath
): DiffSections {
  const plan = planDiff(files, maxChars, ignored)
  const lines = [
    ...plan.inlined.map((file) => describeFile(file)),
    ...plan.listed.map(({ file, reason }) => describeFile(file, reason))
  ]
  const filesChanged =
    files.length === 0
      ? 'No files changed.'
      : fenceUntrusted({
          label: `Changed files (${files.length})`,
          text: lines.join('\n'),
          kind: 'prose'
        })
  if (plan.inlined.length === 0) {
    return {
      filesChanged,
      diff: 'No patch is inlined: read the changed files listed above with your tools.'
    }
  }
  const patches = plan.inlined
    .map(
      (file) => `diff --git a/${file.previousPath ?? file.path} b/${file.path}\n${file.patch ?? ''}`
    )
    .join('\n')
  const note =
    plan.listed.length > 0
      ? `\n\n${plan.listed.length} file(s) are listed above but not inlined; read them with your tools where they matter.`
      : ''
  return {
    filesChanged,
    diff: `${fenceUntrusted({ label: `Patches of ${plan.inlined.length} file(s)`, text: patches, kind: 'code', info: 'diff' })}${note}`
  }
}

/** A finding of passes 1-3 as the tools recorded it. */
export interface RecordedFinding {
  /** Id the tool gave it, e.g. "F3" or "S2". */
  readonly id: string
  readonly pass: number
  readonly file: string
  readonly line: number | null
  /** Final score (after promotion). */
  readonly score: number
  /** The model's score when it differs (security promotion). */
  readonly baseScore?: number | undefined
  readonly category?: string | undefined
  readonly finding: string
  readonly assessment: string
  /** staged = will be published; suppressed = below the threshold. */
  readonly state: 'staged' | 'suppressed'
}

const ID = /^[A-Za-z0-9_.:=/-]{1,100}$/

function checkId(kind: string, id: string): string {
  if (!ID.test(id)) throw new Error(`${kind} id ${JSON.stringify(id)} is not a plain identifier`)
  return id
}

/** Long assessments are cut: the model wrote them in this session and can recall the rest. */
const ASSESSMENT_PREVIEW = 400

function renderFinding(finding: RecordedFinding): string {
  const base =
    finding.baseScore !== undefined && finding.baseScore !== finding.score
      ? ` (base ${finding.baseScore})`
      : ''
  const where = finding.line === null ? finding.file : `${finding.file}:${finding.line}`
  const assessment =
    finding.assessment.length > ASSESSMENT_PREVIEW
      ? `${finding.assessment.slice(0, ASSESSMENT_PREVIEW)}…`
      : finding.assessment
  return [
    `${checkId('finding', finding.id)} [${finding.state}] pass ${finding.pass}, score ${finding.score}${base}, ${finding.category ?? 'uncategorized'}, ${where}`,
    `  finding: ${finding.finding}`,
    `  assessment: ${assessment}`
  ].join('\n')
}

export function renderFindings(findings: readonly RecordedFinding[]): string {
  if (findings.length === 0) {
    return 'No findings were staged or suppressed in passes 1-3. There is nothing to consolidate.'
  }
  const staged = findings.filter((f) => f.state === 'staged')
  const suppressed = findings.filter((f) => f.state === 'suppressed')
  const counts = `${staged.length} staged (to be published), ${suppressed.length} suppressed (below the threshold).`
  return [
    counts,
    '',
    fenceUntrusted({
      label: 'Findings of passes 1-3',
      text: [...staged, ...suppressed].map(renderFinding).join('\n\n'),
      kind: 'prose'
    })
  ].join('\n')
}

export type PriorThreadStatus = 'PENDING' | 'RESOLVED' | 'DISPUTED' | 'ESCALATED'

/** An earlier finding thread; core/threads.ts ThreadState fits this shape. */
export interface PriorThread {
  readonly id: string
  readonly file: string
  readonly line: number | null
  readonly status: PriorThreadStatus
  readonly score: number
  readonly assessment: { readonly finding: string }
  readonly developer_replies: readonly ThreadComment[]
  /** Replies by people who do not speak for the PR: context, never part of the dispute. */
  readonly other_comments?: readonly ThreadComment[]
  readonly origin?: 'thread' | 'summary'
  readonly is_outdated?: boolean
  readonly rejected_rebuttals?: number
  readonly last_word?: 'bot' | 'developer'
}

interface ThreadComment {
  readonly author: string
  readonly body: string
  readonly timestamp: string
}

const STATUS_ORDER: readonly PriorThreadStatus[] = ['DISPUTED', 'PENDING', 'ESCALATED', 'RESOLVED']

/** "- 5 issues were raised in earlier reviews / - 2 are DISPUTED / - 3 are PENDING". */
export function renderStateCounts(threads: readonly PriorThread[]): string {
  const total = threads.length
  const lines = [
    `- ${total} ${total === 1 ? 'issue was' : 'issues were'} raised in earlier reviews`
  ]
  for (const status of STATUS_ORDER) {
    const count = threads.filter((thread) => thread.status === status).length
    if (count > 0) lines.push(`- ${count} ${count === 1 ? 'is' : 'are'} ${status}`)
  }
  return lines.join('\n')
}

function commentLines(heading: string, comments: readonly ThreadComment[]): string[] {
  return [heading, ...comments.map((r) => `- ${r.author} (${r.timestamp}): ${r.body}`)]
}

/** What the agent may still do with an open thread, when that is narrower than usual. */
function threadNotes(thread: PriorThread): string[] {
  const notes: string[] = []
  if (thread.origin === 'summary') {
    notes.push(
      'note: published only in the summary comment, so there is no thread to reply in; resolve it if the code fixes it, otherwise leave it open.'
    )
  }
  if (thread.is_outdated === true) {
    notes.push('note: the line has changed since the comment (GitHub marks it outdated).')
  }
  if (
    thread.status === 'DISPUTED' &&
    (thread.rejected_rebuttals ?? 0) >= 1 &&
    thread.last_word === 'developer'
  ) {
    notes.push(
      'note: the developer rejected your rebuttal again. Resolve it if the code now fixes the issue, or concede if they are right; a further rebuttal is refused, and a thread left disputed goes to the human reviewers (or the developer decides) after this pass.'
    )
  }
  return notes
}

function renderThread(thread: PriorThread, index: number, total: number): string {
  const open = thread.status === 'PENDING' || thread.status === 'DISPUTED'
  const replies =
    thread.developer_replies.length === 0
      ? ['developer replies: none']
      : commentLines('developer replies:', thread.developer_replies)
  const others =
    (thread.other_comments ?? []).length === 0
      ? []
      : commentLines(
          'other comments (not the PR author or a write collaborator: context only):',
          thread.other_comments ?? []
        )
  const text = [
    `file: ${thread.file}`,
    `line: ${thread.line ?? 'file-level'}`,
    `finding: ${thread.assessment.finding}`,
    // Closed threads are listed so they are not raised again; their discussion is settled.
    ...(open ? [...replies, ...others, ...threadNotes(thread)] : [])
  ].join('\n')
  const label = `Thread ${index + 1} of ${total}: thread_id ${checkId('thread', thread.id)}, ${thread.status}, score ${thread.score}`
  return fenceUntrusted({ label, text, kind: 'prose' })
}

export function renderThreads(threads: readonly PriorThread[]): string {
  const ordered = STATUS_ORDER.flatMap((status) => threads.filter((t) => t.status === status))
  return ordered.map((thread, i) => renderThread(thread, i, ordered.length)).join('\n\n')
}

export interface CommitRange {
  /** Head SHA of the last reviewed run; null when no earlier run recorded one. */
  readonly from: string | null
  readonly to: string
}

const SHA = /^[0-9a-f]{7,64}$/i

/** The commits since the last review; what they changed is pass 1's scope. */
export function renderCommitRange(range: CommitRange): string {
  for (const sha of [range.from, range.to]) {
    if (sha !== null && !SHA.test(sha)) throw new Error(`not a commit SHA: ${JSON.stringify(sha)}`)
  }
  if (range.from === null) {
    return `The last reviewed head is not recorded: the review that follows covers the whole pull request (up to ${range.to}).`
  }
  if (range.from.toLowerCase() === range.to.toLowerCase()) {
    return `No new commits since the last review (head ${range.to}): only the threads need answers.`
  }
  return `New commits since the last review: ${range.from}..${range.to}.`
}

/** What an earlier pass reported with submit_pass_results. */
export interface PassSummary {
  readonly pass: number
  readonly summary: string
}

/** The summaries of passes 1 to `last`, each fenced as data; a pass without one is said to have none. */
export function renderEarlierSummaries(summaries: readonly PassSummary[], last: number): string {
  const seen = new Set<number>()
  for (const { pass } of summaries) {
    if (!Number.isInteger(pass) || pass < 1 || pass > last || seen.has(pass)) {
      throw new RangeError(
        `earlier summary for pass ${pass}: expected each of passes 1-${last} at most once`
      )
    }
    seen.add(pass)
  }
  return Array.from({ length: last }, (_, i) => i + 1)
    .map((pass) => {
      const summary = summaries.find((s) => s.pass === pass)?.summary ?? ''
      if (summary.trim() === '') return `Pass ${pass} did not complete: there is no summary.`
      return fenceUntrusted({ label: `Your pass-${pass} summary`, text: summary, kind: 'prose' })
    })
    .join('\n\n')
}
