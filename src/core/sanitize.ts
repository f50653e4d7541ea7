/**
 * Every body the action posts goes through here (security invariant 4):
 * secrets → [REDACTED], `diff --git` blocks → [DIFF REDACTED], commitable
 * ```suggestion fences → plain code blocks, @-mentions defused, size capped.
 *
 * Decision on mentions: `@name` in prose is wrapped in backticks. That keeps
 * the text readable and copyable (no invisible characters, which we strip from
 * untrusted input elsewhere), and GitHub never notifies from inside code.
 * E-mail addresses and mentions already in code are left alone.
 */
import { BOT_MARKER } from './marker.js'
import {
  ANY_FENCE_LINE,
  joinFences,
  openFenceCloser,
  splitFences,
  type MarkdownSegment
} from './markdown-fences.js'
import { containsSecret, redactSecrets } from './secret-patterns.js'

export { REDACTED } from './secret-patterns.js'

export const DIFF_REDACTED = '[DIFF REDACTED]'
export const TRUNCATION_NOTICE = '[TRUNCATED_COMMENT]'
/** GitHub rejects bodies over 65,536 characters; this leaves headroom. */
export const MAX_COMMENT_CHARS = 60_000

export interface SanitizeOptions {
  /** Exact values of the run's own secrets (GitHub token, model key). */
  readonly secrets?: readonly string[]
}

const DIFF_START = /^[ \t>]*diff --git /
// Lines that still belong to a raw diff after its `diff --git` header.
const DIFF_LINE =
  /^[ \t>]*(?:diff --git |index |--- |\+\+\+ |@@|[+\- ]|\\ No newline|(?:new|deleted) file mode|old mode|new mode|similarity index|dissimilarity index|rename (?:from|to) |copy (?:from|to) |Binary files )/

/** Replaces each raw diff in prose (header plus the diff lines after it) with one marker. */
function redactProseDiffs(text: string): string {
  const out: string[] = []
  let inDiff = false
  for (const line of text.split('\n')) {
    if (DIFF_START.test(line)) {
      if (!inDiff) out.push(DIFF_REDACTED)
      inDiff = true
      continue
    }
    // A blank line ends the diff: prose (and "- " bullet lists) may follow.
    if (inDiff && line.trim() !== '' && DIFF_LINE.test(line)) continue
    inDiff = false
    out.push(line)
  }
  return out.join('\n')
}

// GitHub links `@name` after any non-word character (see html-pipeline's MentionFilter).
const MENTION =
  /(?<![A-Za-z0-9_])@([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(?:\/[A-Za-z0-9][A-Za-z0-9_.-]*)?)/g
/** Autolinked URLs: GitHub does not notify from inside a link. */
const URL = /\b(?:https?:\/\/|www\.)[^\s<>`]*/g

/** Wraps the @-mentions of one prose run (no code spans in it) in backticks. */
function wrapMentions(prose: string, out: string, nextChar: string | undefined): string {
  const urls = [...prose.matchAll(URL)].map((m) => [m.index, m.index + m[0].length] as const)
  let result = out
  let index = 0
  for (const match of prose.matchAll(MENTION)) {
    const at = match.index
    if (urls.some(([start, end]) => at >= start && at < end)) continue
    let before = prose.slice(index, at)
    // "\@name" renders as "@name": drop the escaping backslash (an odd run's last one).
    const slashes = /\\*$/.exec(result + before)?.[0].length ?? 0
    if (slashes % 2 === 1 && before.endsWith('\\')) before = before.slice(0, -1)
    result += before
    // A backtick right next to the wrapper would merge into its run.
    if (result.endsWith('`')) result += ' '
    result += `\`@${match[1]}\``
    index = at + match[0].length
    if (index === prose.length && nextChar === '`') result += ' '
  }
  return result + prose.slice(index)
}

/**
 * Wraps @-mentions in backticks, skipping inline code spans. Backtick runs
 * that open no code span are escaped, so no wrapper added here can pair with
 * them; a backslash-escaped backtick opens nothing (CommonMark).
 */
function defuseMentions(text: string): string {
  let result = ''
  let index = 0
  let scan = index
  while (index < text.length) {
    let tick = text.indexOf('`', scan)
    while (tick !== -1 && (/\\*$/.exec(text.slice(index, tick))?.[0].length ?? 0) % 2 === 1) {
      tick = text.indexOf('`', tick + 1)
    }
    const proseEnd = tick === -1 ? text.length : tick
    result = wrapMentions(text.slice(index, proseEnd), result, text[proseEnd])
    if (tick === -1) break
    // A code span opens with a run of n backticks and closes with the next run of exactly n.
    const run = /^`+/.exec(text.slice(tick))?.[0] ?? '`'
    const closer = new RegExp(`(?<!\`)${run}(?!\`)`, 'g')
    closer.lastIndex = tick + run.length
    const close = closer.exec(text)
    if (close === null) {
      result += run.replace(/`/g, '\\`')
      index = tick + run.length
    } else {
      index = close.index + run.length
      result += text.slice(tick, index)
    }
    scan = index
  }
  return result
}

/**
 * Applies the prose rules to text outside trusted fences. Code spans cannot
 * cross a blank line or a fence line, so mentions are defused per block; a
 * fence-like line (one in a container) keeps its run, and its info string
 * and prefix are defused too in case GitHub reads the line as prose.
 */
function sanitizeProse(text: string): string {
  const out: string[] = []
  let block: string[] = []
  const flush = (): void => {
    if (block.length > 0) out.push(defuseMentions(block.join('\n')))
    block = []
  }
  for (const line of redactProseDiffs(text).split('\n')) {
    const fence = ANY_FENCE_LINE.exec(line)
    if (fence !== null) {
      flush()
      out.push(
        `${defuseMentions(fence[1] ?? '')}${fence[2] ?? ''}${defuseMentions(fence[3] ?? '')}`
      )
    } else if (/^[ \t>]*\r?$/.test(line)) {
      flush()
      out.push(line)
    } else {
      block.push(line)
    }
  }
  flush()
  return out.join('\n')
}

function infoWord(info: string): string {
  return (info.trim().split(/[\s{:]/)[0] ?? '').toLowerCase()
}

/**
 * Whatever the fence parser concluded, no line may open a suggestion block
 * (nor, in the human part, a block that looks like bot state): every
 * fence-like line, in any container, loses such an info string.
 */
function neutralizeInfoStrings(text: string, stateBlocks: boolean): string {
  return text
    .split('\n')
    .map((line) => {
      const fence = ANY_FENCE_LINE.exec(line)
      if (fence === null) return line
      const info = (fence[3] ?? '').trim().toLowerCase()
      const forged = info.startsWith('suggestion') || (stateBlocks && info.startsWith('rmcoc'))
      return forged ? `${fence[1] ?? ''}${fence[2] ?? ''}${line.endsWith('\r') ? '\r' : ''}` : line
    })
    .join('\n')
}

/** Applies the fence-aware rules to one segment. */
function sanitizeSegment(segment: MarkdownSegment, stateBlocks: boolean): MarkdownSegment {
  if (segment.kind === 'text') {
    return { kind: 'text', text: sanitizeProse(segment.text) }
  }
  if (segment.lines.some((line) => DIFF_START.test(line))) {
    return { kind: 'text', text: `${segment.prefix}${DIFF_REDACTED}` }
  }
  const word = infoWord(segment.info)
  // A fence GitHub would turn into a commit button becomes a plain code block;
  // in the human part, a quoted rmcoc block must not look like bot state.
  if (word === 'suggestion' || (stateBlocks && word === 'rmcoc')) {
    return { ...segment, info: '' }
  }
  return segment
}

function sanitizeMarkdown(text: string, options: SanitizeOptions, stateBlocks: boolean): string {
  // A lone "\r" ends a line for CommonMark; make it one for the line rules too.
  const redacted = redactSecrets(text.replace(/\r(?!\n)/g, '\n'), options.secrets)
  const segments = splitFences(redacted).map((segment) => sanitizeSegment(segment, stateBlocks))
  return neutralizeInfoStrings(joinFences(segments), stateBlocks)
}

/**
 * Sanitizes a fragment without capping it: for text that ends up inside the
 * bot's own rmcoc block (finding, assessment) or in other composed parts.
 */
export function sanitizeText(text: string, options: SanitizeOptions = {}): string {
  return sanitizeMarkdown(text, options, false)
}

/** Closes a fence left open (by the model or by the cut), so what follows renders as markdown. */
function closeOpenFence(text: string): string {
  const closer = openFenceCloser(text)
  return closer === undefined ? text : `${text}\n${closer}`
}

/** Removes the marker until none is left: removing one can join the halves of another. */
function stripMarker(text: string): string {
  let current = text
  for (;;) {
    const next = current.split(BOT_MARKER).join('')
    if (next === current) return current
    current = next
  }
}

/**
 * Closes an open fence and, over budget, cuts (never inside a surrogate pair)
 * and marks the cut.
 */
function fitText(text: string, budget: number): string {
  const closed = closeOpenFence(text)
  if (closed.length <= budget) return closed
  // Room for "\n" + a closing fence + "\n\n" + the notice.
  const reserve = TRUNCATION_NOTICE.length + 3 + 1 + 40
  let cut = Math.max(0, budget - reserve)
  // Prefer ending on a whole line when one ends close to the cut.
  const lineEnd = text.lastIndexOf('\n', cut)
  if (lineEnd > 0 && cut - lineEnd < 1000) cut = lineEnd
  const code = text.charCodeAt(cut - 1)
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1
  const kept = closeOpenFence(text.slice(0, cut))
  return `${kept}\n\n${TRUNCATION_NOTICE}`.slice(-budget)
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
  const withoutMarker = stripMarker(input.text)
  const text = fitText(stripMarker(sanitizeMarkdown(withoutMarker, input, true)), budget)
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
