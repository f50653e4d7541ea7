/**
 * The command as a function of its arguments and its surroundings: it
 * returns the exit code instead of exiting, so tests run it in-process.
 * Bad usage (the command line, or an engine's LocalUsageError) exits 2;
 * anything else that stops the work exits 3.
 */
import { getErrorMessage } from '../core/errors/error-message.js'
import { TOOL_VERSION } from '../core/names/tool-identity.js'
import { LocalUsageError } from '../local/local-review.js'
import { parseCommand } from './cli-args.js'
import { dismissCommand, reviewCommand, secretsOf, statusCommand } from './cli-commands.js'
import { fixCommand } from './fix-command.js'
import { statsCommand } from './stats-command.js'
import { forgetCommand, learningsCommand } from './learnings-command.js'
import type { CliIo } from './cli-io.js'
import { COMMAND, USAGE, UsageError } from './cli-usage.js'
import { EXIT, type ExitCode } from './exit-codes.js'
import { terminalText } from './terminal-text.js'

async function run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const command = parseCommand(argv)
  switch (command.name) {
    case 'help':
      io.stdout.write(USAGE)
      return EXIT.ok
    case 'version':
      io.stdout.write(`${COMMAND} ${TOOL_VERSION}\n`)
      return EXIT.ok
    case 'review':
      return reviewCommand(command, io)
    case 'fix':
      return fixCommand(command, io)
    case 'status':
      return statusCommand(command, io)
    case 'dismiss':
      return dismissCommand(command, io)
    case 'stats':
      return statsCommand(command, io)
    case 'learnings':
      return learningsCommand(command, io)
    case 'forget':
      return forgetCommand(command, io)
  }
}

export async function main(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  try {
    return await run(argv, io)
  } catch (error) {
    const message = terminalText(getErrorMessage(error), secretsOf(io))
    if (error instanceof UsageError || error instanceof LocalUsageError) {
      io.stderr.write(`${COMMAND}: ${message}\nRun "${COMMAND} --help" for the options.\n`)
      return EXIT.usage
    }
    io.stderr.write(`${COMMAND} ${argv[0] ?? ''}: ${message}\n`)
    return EXIT.failed
  }
}
