/**
 * The default report, for a person at a terminal: the verdict, then the
 * findings grouped by file and sorted by line, each with its score, line,
 * id and text; after `fix`, the fix's outcome between the two. Every piece
 * of model text passes terminalText.
 */
import { plural } from '../core/summary/summary-text.js'
import type { LocalFinding } from '../local/local-review.js'
import { COMMAND } from './cli-usage.js'
import { groupByFile, type FindingsReport } from './findings-report.js'
import { fixTerminalLines } from './render-fix.js'
import { terminalText } from './terminal-text.js'

const INDENT = '      '

function indented(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : `${INDENT}${line}`))
    .join('\n')
}

function findingLines(finding: LocalFinding, secrets: readonly string[]): string[] {
  const where = finding.line === null ? 'file' : `line ${finding.line}`
  const text = terminalText(finding.finding, secrets).replace(/\s+/g, ' ').trim()
  const head = `  ${where.padEnd(10)} score ${String(finding.score).padStart(2)}  ${text}`
  const body = terminalText(finding.body, secrets).trim()
  const lines = [head, `${INDENT}id: ${terminalText(finding.id, secrets)}`]
  return body === '' || body === text ? lines : [...lines, indented(body)]
}

function verdictLines(report: FindingsReport): string[] {
  if (report.review === undefined) return []
  const { verdict, reasons, scope } = report.review
  const lines = [`Verdict: ${verdict} (${scope} review)`]
  for (const reason of reasons) lines.push(`  - ${terminalText(reason, report.secrets)}`)
  return [...lines, '']
}

export function renderTerminal(report: FindingsReport): string {
  const lines = verdictLines(report)
  if (report.fix !== undefined) lines.push(...fixTerminalLines(report.fix, report.secrets))
  for (const group of groupByFile(report.findings)) {
    lines.push(group.file === '' ? '(no file)' : terminalText(group.file, report.secrets))
    for (const finding of group.findings) lines.push(...findingLines(finding, report.secrets), '')
  }
  const count = report.findings.length
  lines.push(
    count === 0
      ? 'No open findings.'
      : `${plural(count, 'open finding')}. Dismiss one with: ${COMMAND} dismiss <id> --reason "…"`,
    `State: ${report.statePath}`
  )
  return `${lines.join('\n')}\n`
}
