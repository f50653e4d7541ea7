/**
 * Secret redaction (security invariant 4). Known token formats are matched by
 * shape; the run's own secrets are matched by exact value, because a model
 * that somehow saw the key could quote it in any shape we do not know.
 */

export const REDACTED = '[REDACTED]'

/**
 * Known token shapes. Each pattern is global; prefixes anchor on a non-word
 * boundary so identifiers that merely contain the letters stay untouched.
 */
const TOKEN_PATTERNS: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  // PEM private keys: the whole block, or up to the last base64 line when the END line is missing.
  {
    name: 'private key',
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|(?:\r?\n(?:[A-Za-z0-9+/=]{4,}|(?:Proc-Type|DEK-Info|Comment|Version):[^\r\n]*)?)*)/g
  },
  { name: 'GitHub token', pattern: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,255}\b/g },
  { name: 'GitHub fine-grained token', pattern: /\bgithub_pat_[A-Za-z0-9_]{20,255}/g },
  { name: 'AWS access key id', pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g },
  {
    // The secret half of an AWS key pair has no prefix; only a labelled one is recognisable.
    name: 'AWS secret access key',
    pattern:
      /(aws_secret_access_key|secret_access_key|secretAccessKey)(["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}/gi
  },
  { name: 'Slack token', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  // Covers sk-ant- (Anthropic) and sk-proj- / sk-svcacct- / legacy sk- (OpenAI).
  { name: 'OpenAI / Anthropic key', pattern: /\bsk-[A-Za-z0-9_-]{20,}/g },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}/g },
  { name: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  // Header and payload of a JWT are base64url JSON objects, so both start with "eyJ".
  { name: 'JWT', pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g }
]

/**
 * Run secrets shorter than this are not matched by value: redacting every
 * occurrence of a 3-letter string would shred the comment, and real tokens
 * and API keys are far longer.
 */
export const MIN_EXACT_SECRET_LENGTH = 8

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The values to match exactly: each secret, and each line of a multi-line
 * secret (as the Actions runner masks them), longest first so a secret that
 * contains another is redacted whole.
 */
function exactValues(secrets: readonly string[]): string[] {
  const values = new Set<string>()
  for (const secret of secrets) {
    for (const candidate of [secret, ...secret.split(/\r?\n/)]) {
      const value = candidate.trim()
      if (value.length >= MIN_EXACT_SECRET_LENGTH) values.add(value)
    }
  }
  return [...values].sort((a, b) => b.length - a.length)
}

/** Replaces every known token shape and every exact run secret with [REDACTED]. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let result = text
  for (const value of exactValues(secrets)) {
    result = result.replace(new RegExp(escapeRegExp(value), 'g'), REDACTED)
  }
  for (const { name, pattern } of TOKEN_PATTERNS) {
    result = result.replace(pattern, (_match, label: unknown, separator: unknown) =>
      // Keep the label of a labelled secret so the reader still sees what was there.
      name === 'AWS secret access key'
        ? `${String(label)}${String(separator)}${REDACTED}`
        : REDACTED
    )
  }
  return result
}

/** True when redactSecrets would change the text. */
export function containsSecret(text: string, secrets: readonly string[] = []): boolean {
  return redactSecrets(text, secrets) !== text
}
