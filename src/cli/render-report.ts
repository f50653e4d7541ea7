/**
 * The report in the format asked for, and where it goes: standard output,
 * or the --output file.
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

export async function emitReport(
  report: FindingsReport,
  output: OutputChoice,
  io: CliIo
): Promise<void> {
  const text = RENDERERS[output.format](report)
  if (output.file === undefined) {
    io.stdout.write(text)
    return
  }
  const path = resolve(io.cwd, output.file)
  await (io.writeFile ?? writeTextFile)(path, text)
  io.stderr.write(`Report written to ${path}\n`)
}
