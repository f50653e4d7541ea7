/**
 * The report as JSON, for scripts: the verdict (after a review), after `fix`
 * a `fix` object (status, rounds, commits, fixed, rejected, stuck, deferred,
 * verification), the state file and every open finding with its id, place,
 * score and text (sanitized like every other report: no hidden characters,
 * no secrets).
 */
import { sanitizePlainText } from '../core/text-safety/sanitize.js'
import type { FindingsReport } from './findings-report.js'
import { fixJson } from './render-fix.js'

export function renderJson(report: FindingsReport): string {
  const clean = (text: string) => sanitizePlainText(text, { secrets: report.secrets })
  const findings = report.findings.map((finding) => ({
    id: finding.id,
    file: finding.file,
    line: finding.line,
    score: finding.score,
    ...(finding.category === undefined ? {} : { category: clean(finding.category) }),
    finding: clean(finding.finding),
    body: clean(finding.body)
  }))
  const review =
    report.review === undefined
      ? {}
      : {
          verdict: report.review.verdict,
          reasons: report.review.reasons.map(clean),
          scope: report.review.scope
        }
  const fix = report.fix === undefined ? {} : { fix: fixJson(report.fix, clean) }
  return `${JSON.stringify({ ...review, ...fix, statePath: report.statePath, findings }, null, 2)}\n`
}
