/**
 * `learnings` and `forget <id>`: the local team memory, the rules the
 * developer's dismissals taught, listed (as text, markdown or JSON) and
 * taken back one at a time. A forgotten learning no longer holds anything
 * back from the next review; the dismissal it came from still stands on its
 * branch.
 */
import type { LearningBlock } from '../core/memory/rmcoc.js'
import { learningOrigin } from '../core/team-memory/learning-origin.js'
import type { Command } from './cli-args.js'
import { checkOutputFile, secretsOf } from './cli-commands.js'
import { REAL_ENGINE, type CliIo } from './cli-io.js'
import { emitText } from './render-report.js'
import { COMMAND } from './cli-usage.js'
import { EXIT, type ExitCode } from './exit-codes.js'
import { printWarnings } from './progress-log.js'
import { terminalText } from './terminal-text.js'

type LearningsCommand = Extract<Command, { name: 'learnings' }>
type ForgetCommand = Extract<Command, { name: 'forget' }>

const day = (iso: string): string => iso.slice(0, 10)

/** Where it applies, who taught it, where and when; the same line in every text format. */
export function learningContext(learning: LearningBlock): string {
  return `applies to ${learning.scope.path}, findings of category ${learning.scope.category}; taught by ${learning.taught_by} ${learningOrigin(learning)} (${learning.via}) on ${day(learning.created_at)}`
}

function terminal(learnings: readonly LearningBlock[], path: string): string {
  if (learnings.length === 0) {
    return `No team learnings are kept in this repository yet (${path}): \`${COMMAND} dismiss <id> --reason "…"\` teaches one.\n`
  }
  const entries = learnings.map((learning) =>
    [
      `${learning.id}  ${learning.rule}`,
      `  ${learningContext(learning)}`,
      `  from the finding: ${learning.finding}`
    ].join('\n')
  )
  const header = `Team learnings (${learnings.length}), kept in ${path}:`
  const footer = `Forget one with: ${COMMAND} forget <id>`
  return `${[header, ...entries, footer].join('\n\n')}\n`
}

/** Markdown control characters in a learning's text shown literally. */
const literal = (text: string): string => text.replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`)

function markdown(learnings: readonly LearningBlock[]): string {
  const items = learnings.map(
    (learning) =>
      `- **${learning.id}**: ${literal(learning.rule)}\n  ${literal(learningContext(learning))}`
  )
  const body = items.length === 0 ? 'No team learnings are kept yet.' : items.join('\n')
  return `## Team learnings (${learnings.length})\n\n${body}\n`
}

function render(learnings: readonly LearningBlock[], path: string, format: string): string {
  if (format === 'json') return `${JSON.stringify({ path, learnings }, null, 2)}\n`
  if (format === 'markdown') return markdown(learnings)
  return terminal(learnings, path)
}

export async function learningsCommand(command: LearningsCommand, io: CliIo): Promise<ExitCode> {
  await checkOutputFile(io, command.output.file)
  const secrets = secretsOf(io)
  const read = await (io.engine ?? REAL_ENGINE).localLearnings(io.cwd)
  printWarnings(io.stderr, read.warnings, secrets)
  const text = terminalText(render(read.learnings, read.path, command.output.format), secrets)
  await emitText(text, command.output.file, io)
  return EXIT.ok
}

export async function forgetCommand(command: ForgetCommand, io: CliIo): Promise<ExitCode> {
  const forgotten = await (io.engine ?? REAL_ENGINE).forgetLearning(io.cwd, command.id)
  const text = `Forgot ${forgotten.id}: ${forgotten.rule}\n`
  io.stdout.write(terminalText(text, secretsOf(io)))
  return EXIT.ok
}
