/**
 * Every body the action posts goes through here (security invariant 4):
 * hidden characters dropped, secrets → [REDACTED], raw diffs → [DIFF
 * REDACTED], then the text is parsed and a new document printed from it
 * (markdown-blocks.ts): only allowlisted markup, every text escaped, so
 * @-mentions are defused, raw HTML, HTML comments and images are shown as
 * text (a GitHub-hosted image as a link), commitable ```suggestion fences
 * become plain code blocks, code stays byte for byte; size capped.
 *
 * Safety does not depend on how the parser reads the model's text: the
 * printed document holds no markup the printer did not write, for any
 * CommonMark/GFM reader. Model text is cut to GitHub's own limit before any
 * of it is read, so the work is bounded; every rule is linear in the
 * text's length.
 */
import { stripHiddenCharacters } from './hidden-characters.js'
import { printMarkdown } from './markdown-blocks.js'
import { allMentionInserts, insertWordJoiners } from './mentions.js'
import { containsSecret, redactSecrets } from '../secrets/secret-patterns.js'
import { cutAt, redactDiffs, stripMarker } from './sanitize-lines.js'

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
  /**
   * Keep the summary's structure lines and the bot's marker where they stand
   * alone on a top-level line (html-text.ts). Only for text the bot composes
   * itself, with model text quoted; anywhere else they are shown as text,
   * as every HTML comment is.
   */
  readonly structureLines?: boolean
}

interface Sanitized {
  readonly text: string
  /** True when the text was cut to the limit. */
  readonly cut: boolean
}

/**
 * The rules, in order: cut and clean the characters, strip forged markers
 * (human part only), redact secrets, redact raw diffs, then print the
 * markdown anew. A marker spelled with character references is text when
 * printed; it is stripped there too.
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
  const printed = printMarkdown(redactDiffs(cutAt(clean, limit)), {
    stateBlocks,
    structureLines: options.structureLines === true
  })
  return { text: stateBlocks ? stripMarker(printed) : printed, cut }
}

/**
 * Sanitizes a fragment without the comment's framing: for text that ends up
 * inside the bot's own rmcoc block (finding, assessment) or in other
 * composed parts. Cut to MODEL_TEXT_LIMIT.
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

/** The text, with the notice when something was cut. */
function finish(result: Sanitized): string {
  return result.cut ? `${result.text}\n\n${TRUNCATION_NOTICE}` : result.text
}

/**
 * The sanitized text within `budget`. When it is too long, the printed
 * text is cut and printed again: a cut can end a code span or a link early
 * or leave a fence open, which the second printing settles.
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
