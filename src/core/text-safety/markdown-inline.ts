/**
 * The edits for one paragraph, heading or table cell, from what the parser
 * matched in it (markdown-parse.ts) and where its content sits in the
 * source (inline-align.ts):
 *
 * - code spans and autolinks stay as written;
 * - images on other hosts than GitHub become their alt text;
 * - inline HTML keeps only allowlisted tags (html-guard.ts);
 * - prose gets word joiners after mention `@`s (not inside links, where
 *   GitHub looks for none) and `&lt;` for a `<` that could start markup;
 * - from a code span or link that starts inside a bare URL on, the text is
 *   doubted: GitHub's URL swallows its opening (autolink-literals.ts), so
 *   it gets the rules for text of unknown context (unknownEdits).
 */
import type Token from 'markdown-it/lib/token.mjs'
import { urlRuns } from './autolink-literals.js'
import { WORD_JOINER } from './hidden-characters.js'
import { htmlEdits } from './html-guard.js'
import { isGitHubHosted, plainAltText } from './image-beacons.js'
import type { Alignment } from './inline-align.js'
import type { InlineSpan } from './markdown-parse.js'
import { MASK, proseMentionInserts } from './mentions.js'
import { insertion, type Edit } from './text-edits.js'

/** A span as taken: as parsed, or doubted (see judgedSpans). */
type Judged =
  InlineSpan | { readonly kind: 'doubted'; readonly start: number; readonly end: number }

/** The alt text an image shows as, from its parsed alt tokens. */
function altText(tokens: readonly Token[] | null): string {
  return (tokens ?? [])
    .map((token) => {
      if (token.type === 'image') return altText(token.children)
      if (token.type === 'softbreak' || token.type === 'hardbreak') return ' '
      return /^(?:text|text_special|code_inline|html_inline)$/.test(token.type) ? token.content : ''
    })
    .join('')
}

/**
 * Edits for text of unknown context (a doubted span, a line no block
 * claims): the HTML rules everywhere, and no `![` left to open an image.
 */
export function unknownEdits(text: string, start: number): Edit[] {
  const edits = htmlEdits(text, start)
  for (let at = text.indexOf('!['); at !== -1; at = text.indexOf('![', at + 2)) {
    edits.push(insertion(start + at + 1, '\\'))
  }
  return edits
}

/** Moves edits planned on a piece of the content to their place in the source. */
function placed(edits: readonly Edit[], offset: number, place: Alignment): Edit[] {
  return edits.map((edit) => ({ ...edit, at: place.toSource(offset + edit.at) }))
}

function spanEdits(span: Judged, content: string, place: Alignment): Edit[] {
  if (span.kind === 'image') {
    const src = String(span.image?.attrGet('src') ?? '')
    if (isGitHubHosted(src)) return []
    const start = place.toSource(span.start)
    const replacement = plainAltText(altText(span.image?.children ?? null))
    return [{ at: start, remove: place.toSource(span.end) - start, insert: replacement }]
  }
  if (span.kind === 'html')
    return placed(htmlEdits(content.slice(span.start, span.end), 0), span.start, place)
  if (span.kind === 'doubted') {
    return placed(unknownEdits(content.slice(span.start, span.end), 0), span.start, place)
  }
  return []
}

/**
 * The spans as they are taken: from a code span or link that starts inside
 * a bare URL to the end of the content, everything is doubted (with its
 * opening swallowed, the backtick runs and brackets after it pair up
 * differently for GitHub), and the spans there are dropped (the rules for
 * unknown text cover them). One sweep: spans by start, URL runs in order.
 */
function judgedSpans(content: string, spans: readonly InlineSpan[]): Judged[] {
  const runs = urlRuns(content)
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end)
  const judged: Judged[] = []
  let run = 0
  let doubtEnd = -1
  for (const span of sorted) {
    if (span.start < doubtEnd) continue
    while (run < runs.length && (runs[run]?.[1] ?? 0) <= span.start) run += 1
    const inRun = (runs[run]?.[0] ?? Infinity) < span.start
    if ((span.kind === 'code' || span.kind === 'link') && inRun) {
      judged.push({ kind: 'doubted', start: span.start, end: content.length })
      doubtEnd = content.length
    } else judged.push(span)
  }
  return judged
}

/** The content with the characters of the given spans replaced by MASK (spans may nest). */
function maskSpans(content: string, spans: readonly Judged[]): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start)
  const parts: string[] = []
  let cursor = 0
  for (const span of sorted) {
    const start = Math.max(cursor, span.start)
    if (span.end <= start) continue
    parts.push(content.slice(cursor, start), MASK.repeat(span.end - start))
    cursor = span.end
  }
  parts.push(content.slice(cursor))
  return parts.join('')
}

/**
 * Prose edits: word joiners for mentions (outside links), and `&lt;` for a
 * `<` that could start markup (the parser read it as text, so the
 * reference renders the same; another reader may not have). Not neutral
 * inside a link (the `<` may belong to its destination) nor right after a
 * bare URL, which then runs on over the reference and may swallow what
 * follows (the next reading judges that; a backslash would not help, the
 * URL takes it too).
 */
function proseEdits(content: string, spans: readonly Judged[], place: Alignment): Edit[] {
  const unlinked = spans.length === 0 ? content : maskSpans(content, spans)
  // A line that starts with `<` may open an HTML block for another reader: no link is trusted then.
  const linksTrusted = !/(?:^|\n)[ \t]*</.test(content)
  const edits = /[@&]/.test(unlinked)
    ? proseMentionInserts(unlinked, linksTrusted).map((at) =>
        insertion(place.toSource(at), WORD_JOINER, true)
      )
    : []
  if (!content.includes('<')) return edits
  const unlinkedSpans = spans.filter((span) => span.kind !== 'link')
  const text = unlinkedSpans.length === spans.length ? unlinked : maskSpans(content, unlinkedSpans)
  const urlEnds = new Set(urlRuns(content).map(([, end]) => end))
  for (const match of text.matchAll(/<(?=[A-Za-z!?/])/g)) {
    const neutral = unlinked[match.index] !== MASK && !urlEnds.has(match.index)
    edits.push({ at: place.toSource(match.index), remove: 1, insert: '&lt;', neutral })
  }
  return edits
}

/** Edits for one aligned inline token. */
export function inlineEdits(
  content: string,
  spans: readonly InlineSpan[],
  place: Alignment
): Edit[] {
  // Most content has no span, or no URL to doubt one: skip the sweep then.
  const judged =
    spans.length > 0 && /https?:\/\/|www\./i.test(content) ? judgedSpans(content, spans) : spans
  const edits = judged.flatMap((span) => spanEdits(span, content, place))
  return [...edits, ...proseEdits(content, judged, place)]
}
