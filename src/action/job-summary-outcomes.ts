/**
 * The job summary's outcomes line, with team memory: how the repository's
 * findings ended over the last 90 days ("Of 34 findings settled in the last
 * 90 days (5 pull requests), 62% were fixed, 9% conceded and 29%
 * escalated."), or that none settled yet. The per-category and per-band
 * tables are the `stats` command's. The sentence is the bot's own words
 * (numbers only), so it is escaped but not cut like a cell.
 */
import type { JobSummaryInput } from '../core/reports/run-report.js'
import { ratesSentence } from '../core/team-memory/outcome-report.js'
import { escapeHtml } from './summary-cell.js'

/** The HTML line; undefined without team memory (no rates in the report). */
export function outcomesNote(input: Pick<JobSummaryInput, 'outcomeRates'>): string | undefined {
  const rates = input.outcomeRates
  if (rates === undefined) return undefined
  return `<p><strong>Outcomes:</strong> ${escapeHtml(ratesSentence(rates))}</p>`
}
