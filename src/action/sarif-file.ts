/**
 * Writes the SARIF log of a full review's open findings where the workflow
 * can upload it (github/codeql-action/upload-sarif): the runner's temporary
 * directory, which the runner empties after the job.
 */
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { OpenFinding } from '../core/findings/open-finding.js'
import { sarifLog } from '../core/reports/sarif-report.js'
import { TOOL_NAME } from '../core/names/tool-identity.js'

export interface SarifFileInput {
  readonly findings: readonly OpenFinding[]
  readonly secrets: readonly string[]
  /** RUNNER_TEMP; the system's temporary directory when unset (outside a runner). */
  readonly runnerTemp: string | undefined
  /** GITHUB_RUN_ID: names the file; '' outside a workflow run. */
  readonly runId: string
  /** GITHUB_SERVER_URL and GITHUB_ACTION_REPOSITORY: where the reviewer is documented. */
  readonly serverUrl: string
  readonly actionRepository: string | undefined
}

/** The file's path: one per workflow run, so a second run in the job replaces the first. */
export function sarifFilePath(runnerTemp: string | undefined, runId: string): string {
  const directory = runnerTemp === undefined || runnerTemp === '' ? tmpdir() : runnerTemp
  const name = /^[0-9]+$/.test(runId) ? `${TOOL_NAME}-${runId}.sarif` : `${TOOL_NAME}.sarif`
  return join(directory, name)
}

/** Writes the log and returns its path; throws when the file cannot be written. */
export async function writeSarifFile(input: SarifFileInput): Promise<string> {
  const repository = input.actionRepository?.trim() ?? ''
  const log = sarifLog({
    findings: input.findings,
    secrets: input.secrets,
    ...(repository === '' ? {} : { informationUri: `${input.serverUrl}/${repository}` })
  })
  const path = sarifFilePath(input.runnerTemp, input.runId)
  await writeFile(path, `${JSON.stringify(log, null, 2)}\n`, 'utf8')
  return path
}
