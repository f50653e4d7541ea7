/**
 * The verification commands' results in the fix report: per command whether
 * it passed, failed or timed out, how long it took, and the end of its
 * output in a fenced code block. The output is untrusted (the PR's code
 * ran): its fence is longer than any backtick run inside it, so nothing in
 * it can close the block, and the block stands at the top level, where the
 * sanitizer keeps code as code (secrets are still redacted there). A line
 * of it that reads like the opening of an rmcoc block gets a space after its
 * backticks: the block reader looks for such lines anywhere in the body,
 * code included, and one in the output would swallow the report's own block.
 */
import { longestRun } from '../text-safety/markdown-fences.js'
import type { VerificationResult } from './fix-types.js'

/** Most characters of one command's output shown (its end). */
export const MAX_OUTPUT_TAIL_CHARS = 3000

export interface RoundVerification {
  readonly round: number
  readonly results: readonly VerificationResult[]
}

/** Inline code holding `text` whole: its backtick run longer than any inside. */
export function codeSpan(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  const ticks = '`'.repeat(longestRun(line, '`') + 1)
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${line}${pad}${ticks}`
}

/** `text`'s last `max` characters, starting on a whole line when one starts close to the cut. */
function tail(text: string, max: number): string {
  const trimmed = text.replace(/\s+$/, '')
  if (trimmed.length <= max) return trimmed
  const cut = trimmed.slice(trimmed.length - max)
  const lineStart = cut.indexOf('\n')
  return `…\n${lineStart >= 0 && lineStart < 200 ? cut.slice(lineStart + 1) : cut}`
}

/** The output as a fenced block nothing inside can end early. */
export function outputBlock(output: string): string {
  const text = tail(output, MAX_OUTPUT_TAIL_CHARS).replace(/^```rmcoc/gim, '``` rmcoc')
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1))
  return `${fence}text\n${text === '' ? '(no output)' : text}\n${fence}`
}

function outcome(result: VerificationResult): string {
  const seconds = `${(result.durationMs / 1000).toFixed(1)} s`
  if (result.timedOut) return `⏱️ timed out after ${seconds}`
  if (result.exitCode === null) return `❌ did not run to an exit code (${seconds})`
  const mark = result.exitCode === 0 ? '✅' : '❌'
  return `${mark} exit code ${result.exitCode} after ${seconds}`
}

/** One command: its line, then its output's end. */
function commandPart(result: VerificationResult): string {
  return `${codeSpan(result.command)}: ${outcome(result)}\n\n${outputBlock(result.outputTail)}`
}

/** The section; '' when no command ran. */
export function verificationSection(rounds: readonly RoundVerification[]): string {
  const ran = rounds.filter((r) => r.results.length > 0)
  if (ran.length === 0) return ''
  const parts = ran.map(
    (r) => `#### Round ${r.round}\n\n${r.results.map(commandPart).join('\n\n')}`
  )
  return `### Verification\n\n${parts.join('\n\n')}`
}
