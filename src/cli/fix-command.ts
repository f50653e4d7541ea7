/**
 * The `fix` command: the local review, then the fix loop on the current
 * branch (src/local/local-fix.ts), reported in the format asked for with
 * the fix's outcome added, and the exit code of exit-codes.ts fixExitCode.
 */
import { fixReportInput } from '../fix/fix-report-input.js'
import type { Command } from './cli-args.js'
import { checkOutputFile, secretsOf } from './cli-commands.js'
import { reviewConfig } from './cli-config.js'
import { REAL_ENGINE, type CliIo } from './cli-io.js'
import { EXIT, fixExitCode, type ExitCode } from './exit-codes.js'
import { printWarnings, progressLog } from './progress-log.js'
import { emitReport } from './render-report.js'
import { terminalText } from './terminal-text.js'

type FixCommand = Extract<Command, { name: 'fix' }>

export async function fixCommand(command: FixCommand, io: CliIo): Promise<ExitCode> {
  const config = reviewConfig(command.inputs, io.env)
  await checkOutputFile(io, command.output.file)
  const secrets = secretsOf(io)
  const result = await (io.engine ?? REAL_ENGINE).runLocalFix({
    cwd: io.cwd,
    ...(command.base === undefined ? {} : { base: command.base }),
    config,
    env: io.env,
    log: progressLog(io.stderr, secrets),
    maxRounds: command.maxRounds
  })
  printWarnings(io.stderr, result.warnings, secrets)
  if (result.kind === 'skipped') {
    io.stderr.write(`No review, nothing fixed: ${terminalText(result.reason, secrets)}\n`)
    return EXIT.ok
  }
  const { review, fix } = result
  const report = {
    findings: review.findings,
    statePath: review.statePath,
    review: {
      verdict: review.verdict,
      reasons: review.report.verdict.reasons,
      scope: review.scope
    },
    fix: fixReportInput(fix, result.maxRounds),
    secrets
  }
  await emitReport(report, command.output, io)
  return fixExitCode(fix.status, review.verdict, config.failOn)
}
