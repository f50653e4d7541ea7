import type { SecretRule } from './secret-rule.js'

/**
 * Secrets recognised by their structure rather than a vendor prefix: key
 * blocks, signed tokens, credentials inside URLs and connection strings, and
 * values under a label that names them. Where a rule has a `(?<secret>…)`
 * group only that part is redacted, so the reader still sees what was there.
 * A `(?<![…])` before a long token keeps it from starting again at every
 * character of a run of its own alphabet, so the scan stays linear.
 */

/** A separator between PEM lines: a newline, or an escaped one inside a JSON or code string. */
const PEM_BREAK = String.raw`(?:\r?\n|(?:\\r)?\\n)[ \t]{0,8}`
const PEM_LABEL = String.raw`[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`
/**
 * A PEM body line is a whole line of base64 (it must end where the line ends,
 * so prose after an unterminated key is kept), or an armour header.
 */
const PEM_LINE = String.raw`[A-Za-z0-9+/=]{1,256}(?=[ \t]{0,8}(?:\r?\n|$)|(?:\\r)?\\n|["'\x60,]|-----END)|(?:Proc-Type|DEK-Info|Comment|Version):[^\r\n\\]{0,200}`

/** Userinfo characters (RFC 3986 unreserved, percent-encoded, sub-delims but quotes and parentheses). */
const USERINFO = '[A-Za-z0-9._~%!$&*+,;=-]'
/** Passwords that stand for one in documentation: the word itself, a variable, stars or x's. */
const PLACEHOLDER = String.raw`(?:(?:pass(?:word|wd)?|pwd|secret|token|changeme|changeit|example)|\$[A-Za-z_][A-Za-z0-9_]{0,64}|x{3,64}|\*{3,64})`

export const SHAPED_SECRETS: readonly SecretRule[] = [
  // PEM / OpenSSH / PGP private keys (RFC 7468, RFC 4880 armour): BEGIN, at least one body line, END if there.
  [
    'private key',
    `-----BEGIN${PEM_LABEL}(?:${PEM_BREAK}){0,3}(?:${PEM_LINE})(?:(?:${PEM_BREAK}){1,3}(?:${PEM_LINE})){0,400}(?:(?:${PEM_BREAK}){1,3}-----END${PEM_LABEL}|[ \\t]{0,8}-----END${PEM_LABEL})?`
  ],
  // JWT (RFC 7519): base64url header "ey…" . payload "ey…" . signature (empty for alg "none").
  [
    'JWT',
    String.raw`(?<![_/-])ey[A-Za-z0-9_-]{15,1000}\.ey[A-Za-z0-9_/-]{15,8000}\.[A-Za-z0-9_/-]{0,4000}={0,2}`
  ],
  // A JWT encoded once more in base64: base64("eyJ") is "ZXlK" (not inside a longer base64 blob).
  ['base64 JWT', String.raw`(?<![+/])ZXlK[A-Za-z0-9+/]{40,12000}={0,2}`],
  // RFC 3986 userinfo: scheme://user:password@host — the password goes; placeholders (password, $X, xxx, ***) and 1–3 characters stay.
  [
    'URL credentials',
    String.raw`[A-Za-z][A-Za-z0-9+.-]{1,30}://${USERINFO}{0,128}:(?<secret>(?!${PLACEHOLDER}@)${USERINFO}{4,256})(?=@)`,
    'i'
  ],
  // Azure Storage / Service Bus connection strings (learn.microsoft.com): AccountKey=, SharedAccessKey=.
  [
    'Azure account key',
    String.raw`(?:AccountKey|SharedAccessKey)=(?<secret>[A-Za-z0-9+/]{20,200}={0,2})`
  ],
  // Azure shared access signatures: the sig= query parameter (base64, maybe URL-encoded).
  ['Azure SAS signature', String.raw`sig=(?<secret>[A-Za-z0-9%+/]{30,200}={0,2})`],
  // The AWS secret access key has no prefix; only a labelled one is recognisable.
  [
    'AWS secret access key',
    String.raw`(?:aws_secret_access_key|secret_access_key|secretAccessKey)["']?\s{0,5}[:=]\s{0,5}["']?(?<secret>[A-Za-z0-9/+=]{40})`,
    'i'
  ]
]
