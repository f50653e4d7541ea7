/**
 * Secret redaction (security invariant 4). Known token formats are matched by
 * shape; the run's own secrets are matched by exact value, because a model
 * that somehow saw the key could quote it in any shape we do not know.
 *
 * Both are matched on the text as a reader sees it (secret-view.ts), so a
 * token split by zero-width characters, HTML comments or markdown escapes,
 * or spelled with character references, is still found, and the hidden
 * pieces inside it are redacted with it.
 */
import { compileRule, matchRanges, type CompiledRule } from './secret-rule.js'
import { DEV_PLATFORM_TOKENS } from './secret-rules-dev.js'
import { SERVICE_TOKENS } from './secret-rules-services.js'
import { SHAPED_SECRETS } from './secret-rules-shapes.js'
import { replaceSpans, visibleView, type Span } from './secret-view.js'

export const REDACTED = '[REDACTED]'

/** Every known secret shape, compiled once. */
const RULES: readonly CompiledRule[] = [
  ...SHAPED_SECRETS,
  ...DEV_PLATFORM_TOKENS,
  ...SERVICE_TOKENS
].map(compileRule)

/** The families of secret shapes recognised, for documentation and tests. */
export const SECRET_FAMILIES: readonly string[] = RULES.map((rule) => rule.family)

/**
 * Run secrets shorter than this are not matched by value: redacting every
 * occurrence of a 3-letter string would shred the comment, and real tokens
 * and API keys are far longer.
 */
export const MIN_EXACT_SECRET_LENGTH = 8

/**
 * The values to match exactly: each secret, and each line of a multi-line
 * secret (as the Actions runner masks them), as a reader would see them.
 */
function exactValues(secrets: readonly string[]): string[] {
  const values = new Set<string>()
  for (const secret of secrets) {
    for (const candidate of [secret, ...secret.split(/\r?\n/)]) {
      const value = visibleView(candidate.trim()).text
      if (value.length >= MIN_EXACT_SECRET_LENGTH) values.add(value)
    }
  }
  return [...values]
}

/** The [start, end) ranges of `text` where `value` occurs. */
function occurrences(text: string, value: string): [number, number][] {
  const ranges: [number, number][] = []
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length)) {
    ranges.push([at, at + value.length])
  }
  return ranges
}

/** The spans of the original text that hold a secret, overlapping ones included. */
function secretSpans(text: string, secrets: readonly string[]): Span[] {
  const view = visibleView(text)
  const ranges = exactValues(secrets).flatMap((value) => occurrences(view.text, value))
  for (const rule of RULES) ranges.push(...matchRanges(rule, view.text))
  return ranges.map(([start, end]) => view.originSpan(start, end))
}

/** Replaces every known secret shape and every exact run secret with [REDACTED]. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  return replaceSpans(text, secretSpans(text, secrets), REDACTED)
}

/** True when redactSecrets would change the text. */
export function containsSecret(text: string, secrets: readonly string[] = []): boolean {
  return secretSpans(text, secrets).length > 0
}
