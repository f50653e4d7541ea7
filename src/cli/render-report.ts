/**
 * The report in the format asked for, and where it goes (for every command
 * with --output): standard output, or the --output file.
 */
import { resolve } from 'node:path'
import type { OutputChoice, ReportFormat } from './cli-args.js'
import type { CliIo } from './cli-io.js'
import { writeTextFile } from './cli-io.js'
import type { FindingsReport } from './findings-report.js'
import { renderJson } from './render-json.js'
import { renderMarkdown } from './render-markdown.js'
import { renderSarif } from './render-sarif.js'
import { renderTerminal } from './render-terminal.js'

const RENDERERS: Record<ReportFormat, (report: FindingsReport) => string> = {
  terminal: renderTerminal,
  markdown: renderMarkdown,
  json: renderJson,
  sarif: renderSarif
}

/** `text` to standard output, or to the --output `file` (relative to the working directory). */
export async function emitText(text: string, file: string | undefined, io: CliIo): Promise<void> {
  if (file === undefined) {
    io.stdout.write(text)
    return
  }
  const path = resolve(io.cwd, file)
  await (io.writeFile ?? writeTextFile)(path, text)
  io.stderr.write(`Report written to ${path}\n`)
}

export async function emitReport(
  report: FindingsReport,
  output: OutputChoice,
  io: CliIo
): Promise<void> {
  await emitText(RENDERERS[output.format](report), output.file, io)
}
