/**
 * Every body the action posts goes through here (security invariant 4):
 * hidden characters dropped, secrets → [REDACTED], raw diffs → [DIFF
 * REDACTED], commitable ```suggestion fences → plain code blocks,
 * @-mentions defused, raw HTML reduced to formatting tags (no comments, no
 * images), images on other hosts than GitHub turned into their alt text,
 * size capped.
 *
 * Model text is cut to GitHub's own limit before any of it is read, so the
 * work is bounded; every rule is linear in the text's length. The markdown
 * rules read the text with a CommonMark + GFM parser (markdown-guard.ts),
 * so code stays as written and everything GitHub would render is covered.
 */
import { stripHiddenCharacters } from './hidden-characters.js'
import { guardMarkdown } from './markdown-guard.js'
import { allMentionInserts, insertWordJoiners } from './mentions.js'
import { containsSecret, redactSecrets } from '../secrets/secret-patterns.js'
import {
  cutAt,
  neutralizeFootnotes,
  neutralizeInfoStrings,
  redactDiffs,
  stripMarker
} from './sanitize-lines.js'

export { REDACTED } from '../secrets/secret-patterns.js'
export { DIFF_REDACTED } from './sanitize-lines.js'

export const TRUNCATION_NOTICE = '[TRUNCATED_COMMENT]'
/** GitHub rejects bodies over 65,536 characters; this leaves headroom. */
export const MAX_COMMENT_CHARS = 60_000
/** GitHub's limit for a comment body: model text beyond it can never be posted, so it is not read. */
export const MODEL_TEXT_LIMIT = 65_536
/** Read past the cut for secrets only, so a token the cut splits is still recognised whole. */
const SECRET_LOOKAHEAD = 8_192

export interface SanitizeOptions {
  /** Exact values of the run's own secrets (GitHub token, model key). */
  readonly secrets?: readonly string[]
}

interface Sanitized {
  readonly text: string
  /** The run that closes a top-level fence the text leaves open, if any. */
  readonly openFence: string | undefined
  /** True when the text was cut to the limit. */
  readonly cut: boolean
}

/**
 * The rules, in order: cut and clean the characters, strip forged markers
 * (human part only), redact secrets, then the line rules, then the markdown
 * rules on the result.
 */
function sanitizeMarkdown(
  text: string,
  options: SanitizeOptions,
  stateBlocks: boolean,
  limit: number
): Sanitized {
  const read = text.length > limit ? text.slice(0, limit + SECRET_LOOKAHEAD) : text
  let clean = stripHiddenCharacters(read)
  if (stateBlocks) clean = stripMarker(clean)
  clean = redactSecrets(clean, options.secrets)
  // Composers trim the human part (formatBotComment does): read it as it will be posted.
  if (stateBlocks) clean = clean.trim()
  const cut = read.length < text.length || clean.length > limit
  const lines = neutralizeFootnotes(
    neutralizeInfoStrings(redactDiffs(cutAt(clean, limit)), stateBlocks)
  )
  return { ...guardMarkdown(lines), cut }
}

/**
 * Sanitizes a fragment without the comment's framing: for text that ends up
 * inside the bot's own rmcoc block (finding, assessment) or in other
 * composed parts. Cut to MODEL_TEXT_LIMIT; fences are left as they are.
 */
export function sanitizeText(text: string, options: SanitizeOptions = {}): string {
  return sanitizeMarkdown(text, options, false, MODEL_TEXT_LIMIT).text
}

/**
 * Sanitizes text that is shown as plain text, never read as markdown (the
 * caller escapes it, as the job summary does): hidden characters, secrets,
 * raw diffs and mentions, without the markdown rules, whose escapes would
 * show there. Cut to MODEL_TEXT_LIMIT.
 */
export function sanitizePlainText(text: string, options: SanitizeOptions = {}): string {
  const read =
    text.length > MODEL_TEXT_LIMIT ? text.slice(0, MODEL_TEXT_LIMIT + SECRET_LOOKAHEAD) : text
  const clean = redactDiffs(
    cutAt(redactSecrets(stripHiddenCharacters(read), options.secrets), MODEL_TEXT_LIMIT)
  )
  return insertWordJoiners(clean, allMentionInserts(clean))
}

/** Prefers ending on a whole line when one ends close to the cut. */
function cutNear(text: string, length: number): string {
  const lineEnd = text.lastIndexOf('\n', length)
  return cutAt(text, lineEnd > 0 && length - lineEnd < 1000 ? lineEnd : length)
}

/** Closes an open fence and adds the notice when something was cut. */
function finish(result: Sanitized): string {
  const closed =
    result.openFence === undefined ? result.text : `${result.text}\n${result.openFence}`
  return result.cut ? `${closed}\n\n${TRUNCATION_NOTICE}` : closed
}

/**
 * The sanitized text, closed and within `budget`. When it is too long, the
 * sanitized text is cut and sanitized again: a cut can end a code span or a
 * link early and so bring text out of it, which the second pass defuses.
 */
function fitText(first: Sanitized, budget: number, options: SanitizeOptions): string {
  let result = first
  for (let attempt = 1; attempt <= 8; attempt += 1) {
    const text = finish(result)
    if (text.length <= budget) return text
    const keep = result.text.length - (text.length - budget) - 64 * attempt
    const again = sanitizeMarkdown(cutNear(result.text, Math.max(0, keep)), options, true, budget)
    result = { ...again, cut: true }
  }
  return TRUNCATION_NOTICE
}

export interface SanitizeCommentInput extends SanitizeOptions {
  /** The human-readable part, as the model (or the orchestrator) wrote it. */
  readonly text: string
  /**
   * Builds the final body around the sanitized, capped text, e.g.
   * `(t) => formatBotComment(t, block)`. It must embed the text once,
   * verbatim; its own additions (rmcoc block, marker) are never cut.
   */
  readonly compose?: (text: string) => string
  readonly maxChars?: number
}

export class SanitizeError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SanitizeError'
  }
}

const PROBE = 'x'
/** Below this many characters for the human part, a comment says nothing useful. */
const MIN_TEXT_BUDGET = 200

/**
 * The one entry point for a full outgoing body. The human part is sanitized
 * (quoted rmcoc fences and the bot marker neutralized too), then capped to
 * what remains after `compose`'s additions, so the trailing rmcoc block and
 * marker are never truncated. Fails closed: if the composed body still holds
 * a recognisable secret (i.e. the block was built from unsanitized fields),
 * or cannot fit, it throws instead of posting.
 */
export function sanitizeComment(input: SanitizeCommentInput): string {
  const compose = input.compose ?? ((text: string) => text)
  const maxChars = input.maxChars ?? MAX_COMMENT_CHARS
  const overhead = compose(PROBE).length - PROBE.length
  const budget = maxChars - overhead
  if (budget < MIN_TEXT_BUDGET) {
    throw new SanitizeError(
      `the composed parts take ${overhead} of ${maxChars} characters, leaving ${budget} for the text (need ${MIN_TEXT_BUDGET})`
    )
  }
  const limit = Math.max(MODEL_TEXT_LIMIT, budget)
  const text = fitText(sanitizeMarkdown(input.text, input, true, limit), budget, input)
  const body = compose(text)
  if (containsSecret(body, input.secrets)) {
    throw new SanitizeError(
      'the composed body still contains a secret outside the text; sanitize block fields with sanitizeText first'
    )
  }
  if (body.length > maxChars) {
    throw new SanitizeError(
      `compose added more than it did for the probe: ${body.length} > ${maxChars} characters`
    )
  }
  return body
}
