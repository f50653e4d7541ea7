/**
 * What the sanitizer tests share: a three-backtick fence, a fake token body
 * of a given length, and one fake token per secret family the sanitizer
 * redacts.
 */
// Tokens are assembled at run time so this file does not itself look like a leak to scanners.
export const body = (length: number): string =>
  Array.from({ length }, (_, i) => 'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0z'[i % 31]).join('')
export const FENCE = '`'.repeat(3)

export const TOKENS: readonly [string, string][] = [
  ['GitHub classic (ghp_)', 'gh' + 'p_' + body(36)],
  ['GitHub OAuth (gho_)', 'gh' + 'o_' + body(36)],
  ['GitHub user-to-server (ghu_)', 'gh' + 'u_' + body(36)],
  ['GitHub server-to-server (ghs_)', 'gh' + 's_' + body(36)],
  ['GitHub refresh (ghr_)', 'gh' + 'r_' + body(36)],
  ['GitHub fine-grained', 'github' + '_pat_' + body(22) + '_' + body(59)],
  ['AWS access key id', 'AK' + 'IA' + 'IOSFODNN7EXAMPLE'],
  ['AWS session key id', 'AS' + 'IA' + 'IOSFODNN7EXAMPLE'],
  ['Slack bot', 'xo' + 'xb-' + '1234567890-' + body(24)],
  ['Slack user', 'xo' + 'xp-' + '1234567890-' + body(24)],
  ['OpenAI legacy', 's' + 'k-' + body(48)],
  ['OpenAI project', 's' + 'k-proj-' + body(60)],
  ['Anthropic', 's' + 'k-ant-api03-' + body(80)],
  ['Google', 'AI' + 'za' + body(35)],
  ['npm', 'np' + 'm_' + body(36)],
  ['JWT', 'ey' + 'JhbGciOiJIUzI1NiJ9' + '.' + 'ey' + 'JzdWIiOiIxMjM0NTY3ODkwIn0' + '.' + body(43)]
]
