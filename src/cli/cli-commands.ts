/**
 * The review, status and dismiss commands, each once its arguments are known to be good: run the
 * engine, print its warnings, render what it returns.
 */
import { stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import type { Command } from './cli-args.js'
import { reviewConfig } from './cli-config.js'
import { REAL_ENGINE, type CliIo } from './cli-io.js'
import { COMMAND, UsageError } from './cli-usage.js'
import type { DismissalLearning } from '../local/local-dismissal.js'
import { EXIT, reviewExitCode, type ExitCode } from './exit-codes.js'
import { printWarnings, progressLog } from './progress-log.js'
import { emitReport } from './render-report.js'
import { terminalText } from './terminal-text.js'

type ReviewCommand = Extract<Command, { name: 'review' }>
type StatusCommand = Extract<Command, { name: 'status' }>
type DismissCommand = Extract<Command, { name: 'dismiss' }>

/** The model key is the one secret the command holds: never printed. */
export function secretsOf(io: CliIo): string[] {
  const key = io.env['OPENCODE_API_KEY']?.trim() ?? ''
  return key === '' ? [] : [key]
}

/** An --output file whose directory is missing fails now, not after a long review. */
export async function checkOutputFile(io: CliIo, file: string | undefined): Promise<void> {
  if (file === undefined) return
  const directory = dirname(resolve(io.cwd, file))
  const found = await stat(directory).catch(() => undefined)
  if (found?.isDirectory() !== true) {
    throw new UsageError(`--output must be a file in an existing directory, got "${file}"`)
  }
}

export async function reviewCommand(command: ReviewCommand, io: CliIo): Promise<ExitCode> {
  const config = reviewConfig(command.inputs, io.env)
  await checkOutputFile(io, command.output.file)
  const secrets = secretsOf(io)
  const result = await (io.engine ?? REAL_ENGINE).runLocalReview({
    cwd: io.cwd,
    ...(command.base === undefined ? {} : { base: command.base }),
    workingTree: command.workingTree,
    config,
    env: io.env,
    log: progressLog(io.stderr, secrets)
  })
  printWarnings(io.stderr, result.warnings, secrets)
  if (result.kind === 'skipped') {
    io.stderr.write(`No review: ${terminalText(result.reason, secrets)}\n`)
    return EXIT.ok
  }
  const review = {
    verdict: result.verdict,
    reasons: result.report.verdict.reasons,
    scope: result.scope
  }
  const report = { findings: result.findings, statePath: result.statePath, review, secrets }
  await emitReport(report, command.output, io)
  return reviewExitCode(result.verdict, config.failOn)
}

export async function statusCommand(command: StatusCommand, io: CliIo): Promise<ExitCode> {
  await checkOutputFile(io, command.output.file)
  const secrets = secretsOf(io)
  const status = await (io.engine ?? REAL_ENGINE).localStatus(io.cwd)
  printWarnings(io.stderr, status.warnings, secrets)
  await emitReport({ ...status, secrets }, command.output, io)
  return EXIT.ok
}

/** What the dismissal taught, for the developer: the rule and how to take it back. */
function learningLine(learning: DismissalLearning): string {
  if (learning.kind === 'off') return ''
  if (learning.kind === 'not-learned') return `Not learned: ${learning.reason}\n`
  const { id, rule, scope } = learning.learning
  return `Learned ${id} (applies to ${scope.path}, category ${scope.category} on every branch): ${rule}\nTake it back with: ${COMMAND} forget ${id}\n`
}

export async function dismissCommand(command: DismissCommand, io: CliIo): Promise<ExitCode> {
  const secrets = secretsOf(io)
  const dismissal = await (io.engine ?? REAL_ENGINE).dismissFinding(
    io.cwd,
    command.id,
    command.reason,
    { learn: command.learn }
  )
  printWarnings(io.stderr, dismissal.warnings, secrets)
  const { finding } = dismissal
  const where = finding.line === null ? finding.file : `${finding.file}:${finding.line}`
  const text = terminalText(finding.finding, secrets).replace(/\s+/g, ' ').trim()
  io.stdout.write(`Dismissed ${terminalText(finding.id, secrets)} (${where}): ${text}\n`)
  io.stdout.write(terminalText(learningLine(dismissal.learning), secrets))
  return EXIT.ok
}
