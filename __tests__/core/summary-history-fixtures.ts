/**
 * What the summary-history tests share: run n's input (its own head,
 * verdict, finding and pass summary), the comment after runs 1..n each
 * folding the one before, and readers of a body: its history, its current
 * run, the fold's entry titles and the run record.
 */
import { latestRunRecord } from '../../src/core/memory/run-record-reader.js'
import { composeSummaryComment, type SummaryInput } from '../../src/core/summary/summary.js'
import { BOT_LOGINS, BOT_REST, issueComment } from './state-fixtures.js'
import { busy, headOf } from './summary-fixtures.js'

export const FENCE = '```'
export const HISTORY_START = '<!-- opencode-review:history'

/** Run n of a PR: its own head, verdict, finding and pass summary. */
export const runInput = (n: number, extra: Partial<SummaryInput> = {}): SummaryInput => ({
  ...busy,
  headSha: headOf(n),
  reviewedAt: `2026-03-01T${String(n).padStart(2, '0')}:00:00Z`,
  verdict:
    n % 2 === 1
      ? { verdict: 'approve', reasons: ['nothing blocking'] }
      : { verdict: 'request_changes', reasons: ['a finding scored 6'] },
  inSummary: [{ ...busy.inSummary[0]!, id: `R${n}`, finding: `Finding of run ${n}` }],
  passes: [{ number: 1, summary: `Pass summary of run ${n}.`, completed: true }],
  ...extra
})

/** The comment after runs 1..count, each folding the body before it. */
export function bodiesAfter(
  count: number,
  extra: (n: number) => Partial<SummaryInput> = () => ({})
) {
  const bodies: string[] = []
  for (let n = 1; n <= count; n += 1) {
    bodies.push(composeSummaryComment(runInput(n, extra(n)), [], bodies.at(-1)))
  }
  return bodies
}

export const occurrences = (text: string, part: string) => text.split(part).length - 1
export const history = (body: string) => body.slice(body.indexOf(HISTORY_START))
export const current = (body: string) => body.slice(0, body.indexOf(HISTORY_START))
export const title = (n: number) =>
  `Run on <code>${headOf(n).slice(0, 7)}</code> · ${n % 2 === 1 ? '✅ Approve' : '🟠 Request changes'}`
/** The entry titles in the order the fold shows them. */
export const titles = (body: string) =>
  [...body.matchAll(/^<details><summary>((?:Run on |Earlier run(?!s)).*)<\/summary>$/gm)].map(
    (m) => m[1]
  )

export const readBack = (body: string) =>
  latestRunRecord([issueComment(BOT_REST, body, '2026-03-01T00:00:00Z')], BOT_LOGINS).record
