/**
 * The report as markdown (to paste into a pull request or a chat): the
 * verdict, after `fix` the fix report (as the action's fix report comment,
 * without its hidden block), then a section per file with a list item per finding. Model text
 * goes through the comment sanitizer and stays on one list line or inside a
 * quote, so it cannot break out of the report's layout.
 */
import { sanitizeText } from '../core/text-safety/sanitize.js'
import { oneLine, plural, quote } from '../core/summary/summary-text.js'
import { fixReportMarkdown } from '../core/fixing/fix-report.js'
import type { LocalFinding } from '../local/local-review.js'
import { COMMAND } from './cli-usage.js'
import { groupByFile, type FindingsReport } from './findings-report.js'

/** A path as a code span; paths the tools accept hold no backtick, but a span must never open. */
function codeSpan(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``
}

function findingItem(finding: LocalFinding, secrets: readonly string[]): string {
  const where = finding.line === null ? 'File' : `Line ${finding.line}`
  const title = oneLine(sanitizeText(finding.finding, { secrets }))
  const item = `- **${where}, score ${finding.score}**: ${title} (${codeSpan(finding.id)})`
  const body = sanitizeText(finding.body, { secrets }).trim()
  return body === '' ? item : `${item}\n\n${quote(body).replace(/^/gm, '  ')}\n`
}

function heading(report: FindingsReport): string[] {
  const count = plural(report.findings.length, 'open finding')
  if (report.review === undefined) return [`# ${COMMAND} status`, '', `${count}.`]
  const { verdict, reasons, scope } = report.review
  return [
    `# ${COMMAND}: ${verdict}`,
    '',
    `${scope === 'full' ? 'Full' : 'Incremental'} review; ${count}.`,
    '',
    ...reasons.map((reason) => `- ${oneLine(sanitizeText(reason, { secrets: report.secrets }))}`)
  ]
}

export function renderMarkdown(report: FindingsReport): string {
  const lines = heading(report)
  if (report.fix !== undefined) lines.push('', fixReportMarkdown(report.fix, report.secrets))
  for (const group of groupByFile(report.findings)) {
    lines.push('', `## ${group.file === '' ? 'No file' : codeSpan(group.file)}`, '')
    for (const finding of group.findings) lines.push(findingItem(finding, report.secrets))
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`
}
