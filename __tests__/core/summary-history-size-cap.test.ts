/**
 * The summary comment's size cap with a history: long earlier runs
 * shortened once within the history's budget and none dropped uncounted,
 * and this run's findings never cut (earlier runs give way first).
 */
import { MAX_COMMENT_CHARS } from '../../src/core/text-safety/sanitize.js'
import { HISTORY_CHARS } from '../../src/core/summary/summary-fold.js'
import {
  EARLIER_RUN_CHARS,
  HISTORY_END_LINE,
  readEarlierRuns
} from '../../src/core/summary/summary-history.js'
import { composeSummaryComment, type SummaryInput } from '../../src/core/summary/summary.js'
import { headOf, inSummaryFindings, quiet } from './summary-fixtures.js'
import {
  bodiesAfter,
  current,
  history,
  HISTORY_START,
  occurrences,
  readBack,
  runInput
} from './summary-history-fixtures.js'

describe('composeSummaryComment: the size cap with a history', () => {
  const longPasses = [1, 2, 3, 4].map((number) => ({
    number,
    summary: `Pass ${number}. ${'Long pass prose. '.repeat(400)}`,
    completed: true
  }))
  const shownAndDropped = (body: string) => {
    const shown = Number(/Earlier runs \((\d+)\)/.exec(body)?.[1] ?? 0)
    const dropped = Number(/_(\d+) older runs? (?:is|are) not shown/.exec(body)?.[1] ?? 0)
    return { shown, dropped }
  }

  it('long earlier runs: each shortened once, the history within its budget, none lost uncounted', () => {
    const bodies = bodiesAfter(12, () => ({
      passes: longPasses,
      inSummary: inSummaryFindings(20, (i) => `A${i} `.padEnd(1500, 'x '))
    }))
    const body = bodies.at(-1)!
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS)
    expect(history(body).length).toBeLessThanOrEqual(HISTORY_CHARS + 2000)
    const { shown, dropped } = shownAndDropped(body)
    expect(shown).toBeGreaterThan(0)
    expect(shown + dropped).toBe(11)
    expect(occurrences(body, '_… shortened to fit the comment._')).toBe(shown)
    for (const run of readEarlierRuns(body).runs) {
      expect(run.body.length).toBeLessThanOrEqual(EARLIER_RUN_CHARS)
    }
  })

  it('this run’s findings are never cut: earlier runs give way first', () => {
    const previous = bodiesAfter(12, () => ({ passes: longPasses })).at(-1)!
    const input = {
      ...runInput(13),
      passes: longPasses,
      inSummary: inSummaryFindings(200, (i) => `A${i} `.padEnd(1500, 'x '))
    }
    const body = composeSummaryComment(input, [], previous)
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS)
    for (const f of input.inSummary) {
      expect(current(body)).toContain(`\`${f.id}\` \`${f.path}:${f.line}\``)
    }
    const { shown, dropped } = shownAndDropped(body)
    expect(shown + dropped).toBe(12)
    expect(dropped).toBeGreaterThan(0)
    expect(readBack(body)?.headSha).toBe(headOf(13))
    // The history is whole (never cut by the cap): the next run still reads its count.
    expect(body.split('\n')).toContain(HISTORY_END_LINE)
    expect(readEarlierRuns(body).dropped).toBe(dropped)
  })

  it('a run that fills the comment keeps every finding and leaves the earlier runs out', () => {
    const previous = bodiesAfter(2).at(-1)!
    const input: SummaryInput = {
      ...quiet,
      passes: longPasses,
      posted: Array.from({ length: 80 }, (_, i) => ({
        id: `P${i}`,
        path: `src/p${i}.ts`,
        line: 1,
        score: 6,
        finding: `Posted ${i} `.padEnd(300, 'p'),
        placement: 'line' as const
      })),
      inSummary: inSummaryFindings(200, (i) => `A${i} `.padEnd(1500, 'x ')).map((f, i) => ({
        ...f,
        finding: `Finding number ${i} is unique `.padEnd(300, 'f')
      }))
    }
    const body = composeSummaryComment(input, [], previous)
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS)
    expect(body).toContain('`src/p79.ts:1`: Posted 79')
    for (const f of input.inSummary) {
      expect(current(body)).toContain(`\`${f.id}\` \`${f.path}:${f.line}\``)
    }
    expect(body).not.toContain(HISTORY_START)
    expect(body).toContain('**Pass 1**')
  })
})
