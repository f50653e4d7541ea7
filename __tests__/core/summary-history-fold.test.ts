/**
 * Earlier runs folded under the new one in the summary comment: newest
 * first, at most ten shown with the rest counted, older bodies without run
 * lines still named; the structure lines surviving the sanitizer; and
 * foldRunBody shortening one long run without leaving a fence open.
 */
import { splitFences } from '../../src/core/text-safety/markdown-fences.js'
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { MAX_COMMENT_CHARS, sanitizeComment } from '../../src/core/text-safety/sanitize.js'
import { MAX_EARLIER_RUNS } from '../../src/core/summary/summary-fold.js'
import {
  EARLIER_RUN_CHARS,
  HISTORY_END_LINE,
  RUN_END_LINE,
  foldRunBody,
  runLine
} from '../../src/core/summary/summary-history.js'
import { composeSummaryComment } from '../../src/core/summary/summary.js'
import { headOf } from './summary-fixtures.js'
import {
  bodiesAfter,
  current,
  FENCE,
  history,
  HISTORY_START,
  occurrences,
  readBack,
  runInput,
  title,
  titles
} from './summary-history-fixtures.js'

describe('the structure markers survive the sanitizer', () => {
  it('keeps the HTML-comment lines verbatim while still stripping the bot marker', () => {
    const line = runLine({ head: headOf(1), verdict: 'approve', at: '2026-03-01T01:00:00Z' })
    const text = [line, 'x', HISTORY_END_LINE, RUN_END_LINE, BOT_MARKER].join('\n\n')
    const out = sanitizeComment({ text, structureLines: true })
    expect(out.split('\n')).toEqual(expect.arrayContaining([line, HISTORY_END_LINE, RUN_END_LINE]))
    expect(out).not.toContain(BOT_MARKER)
  })
})

describe('composeSummaryComment: earlier runs folded under the new one', () => {
  it('after 1 run: the earlier run in the fold, named by head and verdict, its record gone', () => {
    const [first, second] = bodiesAfter(2)
    const body = second!
    expect(body).toContain('<details><summary>Earlier runs (1)</summary>')
    expect(titles(body)).toEqual([`${title(1)} · 2026-03-01 01:00 UTC`])
    expect(current(body)).toContain('Finding of run 2')
    expect(current(body)).not.toContain('Finding of run 1')
    expect(history(body)).toContain('Finding of run 1')
    expect(occurrences(body, '```rmcoc')).toBe(1)
    expect(occurrences(body, BOT_MARKER)).toBe(1)
    expect(body).not.toContain(`"head_sha": "${headOf(1)}"`)
    expect(parseRmcoc(body)).toEqual({
      ok: true,
      block: expect.objectContaining({ head_sha: headOf(2) })
    })
    expect(readBack(body)?.headSha).toBe(headOf(2))
    expect(first).not.toContain(HISTORY_START)
  })

  it('after 2 runs: newest first, one fold, nothing nested twice', () => {
    const body = bodiesAfter(3).at(-1)!
    expect(body).toContain('<details><summary>Earlier runs (2)</summary>')
    expect(titles(body).map((t) => t?.replace(/ · 2026.*/, ''))).toEqual([title(2), title(1)])
    expect(occurrences(body, 'Earlier runs (')).toBe(1)
    expect(occurrences(body, `${HISTORY_START} -->`)).toBe(1)
    expect(occurrences(body, HISTORY_END_LINE)).toBe(1)
    // One fold and one entry per earlier run: three <details>, three closed.
    expect(occurrences(body, '<details>')).toBe(3)
    expect(occurrences(body, '</details>')).toBe(3)
    expect(occurrences(history(body), 'Finding of run 1')).toBe(1)
  })

  it('after 12 runs: the newest 10 shown, the oldest dropped with their count', () => {
    const bodies = bodiesAfter(13)
    const afterEleven = bodies[11]!
    expect(afterEleven).toContain(`Earlier runs (${MAX_EARLIER_RUNS})`)
    expect(afterEleven).toContain('_1 older run is not shown')
    const body = bodies[12]!
    expect(body).toContain(`Earlier runs (${MAX_EARLIER_RUNS})`)
    expect(titles(body).map((t) => t?.replace(/ · 2026.*/, ''))).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(title)
    )
    expect(body).toContain('_2 older runs are not shown')
    expect(body).not.toContain('**Finding of run 2**')
    expect(body).not.toContain('**Finding of run 1**')
    expect(body).toContain('**Finding of run 3**')
    expect(occurrences(body, '<details>')).toBe(MAX_EARLIER_RUNS + 1)
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS)
  })

  it('folds a body written before the run lines existed, naming head and verdict from it', () => {
    const legacy = formatBotComment(
      '## OpenCode review: 🔴 Needs major work\n\nReviewed head `aaaaaaaaaaaa`.\n\nOld text.',
      {
        kind: 'summary',
        head_sha: 'a'.repeat(40),
        counts: { posted: 1, suppressed: 0, resolved: 0, pending: 1, disputed: 0, escalated: 0 }
      }
    )
    const body = composeSummaryComment(runInput(2), [], legacy)
    expect(titles(body)).toEqual(['Run on <code>aaaaaaa</code> · 🔴 Needs major work'])
    expect(history(body)).toContain('Old text.')
  })
})

describe('foldRunBody', () => {
  it('shortens a long run at a line end and closes the fence the cut left open', () => {
    const long = ['## Run', `${FENCE}ts`, ...Array.from({ length: 900 }, (_, i) => `line ${i}`)]
    const body = foldRunBody(long.join('\n'))
    expect(body.length).toBeLessThanOrEqual(EARLIER_RUN_CHARS)
    expect(body.endsWith('_… shortened to fit the comment._')).toBe(true)
    const segments = splitFences(body)
    expect(segments.filter((s) => s.kind === 'fence').every((s) => s.closing !== undefined)).toBe(
      true
    )
    expect(segments.at(-1)).toEqual({ kind: 'text', text: '\n_… shortened to fit the comment._' })
    expect(foldRunBody(body)).toBe(body)
  })
})
