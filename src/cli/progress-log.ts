/**
 * The engine's log on standard error: a progress line per pass ("Review pass
 * 2 of 4 …") while a person watches (stderr is a TTY), nothing of the sort in
 * a pipe or CI log; warnings always, since they change what the report means.
 * Debug and info lines stay out: the report is the output.
 */
import type { ReviewLog } from '../ports/agent-session.js'
import type { OutputStream } from './cli-io.js'
import { terminalText } from './terminal-text.js'

export function progressLog(stderr: OutputStream, secrets: readonly string[]): ReviewLog {
  const line = (text: string) => terminalText(text, secrets).replace(/\s+/g, ' ').trim()
  return {
    debug() {},
    info() {},
    warning(message) {
      stderr.write(`warning: ${line(message)}\n`)
    },
    async group(title, body) {
      if (stderr.isTTY === true) stderr.write(`${line(title)} …\n`)
      return body()
    }
  }
}

/** Engine warnings (a state file set aside, say), printed whatever stderr is. */
export function printWarnings(
  stderr: OutputStream,
  warnings: readonly string[],
  secrets: readonly string[]
): void {
  for (const warning of warnings) {
    stderr.write(`warning: ${terminalText(warning, secrets).replace(/\s+/g, ' ').trim()}\n`)
  }
}
