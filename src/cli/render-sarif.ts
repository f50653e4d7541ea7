/**
 * The report as a SARIF 2.1.0 log, built by the same code as the action's
 * SARIF file, so a local run and a pull request's upload describe findings
 * alike (one rule per category, a level per score band).
 */
import { sarifLog } from '../core/reports/sarif-report.js'
import type { FindingsReport } from './findings-report.js'

export function renderSarif(report: FindingsReport): string {
  const log = sarifLog({ findings: report.findings, secrets: report.secrets })
  return `${JSON.stringify(log, null, 2)}\n`
}
