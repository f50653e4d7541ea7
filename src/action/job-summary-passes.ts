/**
 * The job summary's pass table: one row per pass (status, model requests,
 * seconds, tokens, dollars) and the run's total, the figures the action's
 * outputs carry.
 */
import { formatUsd, sumUsage } from '../core/reports/model-usage.js'
import type { PassMetrics } from '../core/reports/run-report.js'
import { plural } from '../core/summary/summary-text.js'
import { cell } from './summary-cell.js'

const seconds = (ms: number): string => (ms / 1000).toFixed(1)

/** One row per pass, in pass order: status, seconds, tokens and dollars. */
export function passRows(
  passes: readonly PassMetrics[],
  secrets: readonly string[] = []
): string[][] {
  return [...passes]
    .sort((a, b) => a.number - b.number)
    .map((p) => [
      cell(p.label ?? String(p.number), secrets),
      (p.completed
        ? 'completed'
        : `did not complete${p.note === undefined ? '' : `: ${cell(p.note, secrets)}`}`) +
        (p.requests === undefined ? '' : ` (${plural(p.requests, 'model request')})`),
      seconds(p.durationMs),
      String(p.inputTokens),
      String(p.outputTokens),
      formatUsd(p.costUsd)
    ])
}

/**
 * What the total covers: "4 passes", then the other steps by name ("4
 * passes + confirmation, learnings"; "reply, learnings" for a
 * threads-only run), so a step after the passes is never counted as one.
 */
function stepsCovered(passes: readonly PassMetrics[]): string {
  const numbered = passes.filter((p) => p.label === undefined).length
  const named = [...passes]
    .sort((a, b) => a.number - b.number)
    .flatMap((p) => (p.label === undefined ? [] : [p.label]))
  const counted = numbered === 0 ? [] : [plural(numbered, 'pass', 'passes')]
  if (counted.length === 0 && named.length === 0) return plural(0, 'pass', 'passes')
  return [...counted, named.join(', ')].filter((part) => part !== '').join(' + ')
}

/** The run's total over every pass, the figures the action's outputs carry. */
export function passTotalRow(passes: readonly PassMetrics[]): string[] {
  const usage = sumUsage(passes)
  const ms = passes.reduce((sum, p) => sum + p.durationMs, 0)
  // The status cell is not left empty: core.summary writes an empty cell unclosed (`<td>`).
  return [
    '<strong>Total</strong>',
    stepsCovered(passes),
    seconds(ms),
    String(usage.inputTokens),
    String(usage.outputTokens),
    formatUsd(usage.costUsd)
  ]
}
