/**
 * Outcome rates in words: one sentence for the job summary, and the same
 * tables (by outcome, by category, by score band) as markdown or as plain
 * text for the terminal. Categories are slugs (a-z, 0-9, -), safe in both.
 */
import { OUTCOMES, type Outcome } from '../memory/outcomes-block.js'
import type { OutcomeGroup, OutcomeRates } from './outcome-rates.js'

const OUTCOME_WORDS: Record<Outcome, string> = {
  fixed: 'fixed',
  conceded: 'conceded',
  'developers-call': "left to the developer's call",
  dismissed: 'dismissed',
  escalated: 'escalated'
}

const OUTCOME_TITLES: Record<Outcome, string> = {
  fixed: 'Fixed',
  conceded: 'Conceded',
  'developers-call': "Developer's call",
  dismissed: 'Dismissed',
  escalated: 'Escalated'
}

function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`
}

/** "No finding settled in the last 90 days." when there is nothing to count. */
function noneSettled(rates: OutcomeRates): string {
  return `No finding settled in the last ${rates.days} days, so there are no outcome rates yet.`
}

/** "Of 34 findings settled in the last 90 days (5 pull requests), 62% were fixed, 9% conceded and 29% escalated." */
export function ratesSentence(rates: OutcomeRates): string {
  if (rates.total === 0) return noneSettled(rates)
  const parts = OUTCOMES.filter((o) => rates.outcomes[o].count > 0).map(
    (o, i) => `${rates.outcomes[o].percent}% ${i === 0 ? 'were ' : ''}${OUTCOME_WORDS[o]}`
  )
  const findings = rates.total === 1 ? '1 finding' : `${rates.total} findings`
  const prs = rates.pullRequests === 1 ? '1 pull request' : `${rates.pullRequests} pull requests`
  return `Of ${findings} settled in the last ${rates.days} days (${prs}), ${listed(parts)}.`
}

interface Table {
  readonly title: string
  readonly header: readonly string[]
  readonly rows: ReadonlyArray<readonly string[]>
}

const share = (g: OutcomeGroup, o: Outcome): string =>
  `${g.outcomes[o].count} (${g.outcomes[o].percent}%)`

function groupTable(
  title: string,
  first: string,
  rows: ReadonlyArray<OutcomeGroup & { readonly name: string }>
): Table {
  return {
    title,
    header: [first, 'Findings', ...OUTCOMES.map((o) => OUTCOME_TITLES[o])],
    rows: rows.map((row) => [row.name, String(row.total), ...OUTCOMES.map((o) => share(row, o))])
  }
}

function rateTables(rates: OutcomeRates): Table[] {
  return [
    {
      title: 'By outcome',
      header: ['Outcome', 'Findings', 'Share'],
      rows: OUTCOMES.map((o) => [
        OUTCOME_TITLES[o],
        String(rates.outcomes[o].count),
        `${rates.outcomes[o].percent}%`
      ])
    },
    groupTable(
      'By category',
      'Category',
      rates.byCategory.map((row) => ({ ...row, name: row.category }))
    ),
    groupTable(
      'By score band',
      'Score',
      rates.byBand.map((row) => ({ ...row, name: row.band }))
    )
  ]
}

function markdownTable(table: Table): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [
    `**${table.title}**`,
    '',
    line(table.header),
    line(table.header.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...table.rows.map(line)
  ].join('\n')
}

/** The sentence, then the three tables in markdown. */
export function ratesMarkdown(rates: OutcomeRates): string {
  if (rates.total === 0) return noneSettled(rates)
  return [ratesSentence(rates), ...rateTables(rates).map(markdownTable)].join('\n\n')
}

function textTable(table: Table): string {
  const all = [table.header, ...table.rows]
  const widths = table.header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [`${table.title}:`, ...all.map(line)].join('\n')
}

/** The sentence, then the three tables aligned for a terminal. */
export function ratesText(rates: OutcomeRates): string {
  if (rates.total === 0) return noneSettled(rates)
  return [ratesSentence(rates), ...rateTables(rates).map(textTable)].join('\n\n')
}
