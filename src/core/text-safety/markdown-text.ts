/**
 * How the printer writes the pieces of a comment that carry the model's
 * characters: text, code spans and link destinations. Each is written so
 * that any CommonMark/GFM reader gets back exactly those characters and no
 * structure:
 *
 * - text: hidden characters dropped, a word joiner after every `@` that
 *   could start a mention (mentions.ts), every character that can open
 *   inline markup backslash-escaped (`\`, backticks, `*`, `_`, `~`, `[`,
 *   `]`, `|`, `#`, `&` before what could make it a character reference,
 *   and `!` before a bracket; `<` as `&lt;`, so no
 *   tag or comment is even spelled), URL openings broken
 *   (`\://`, `www\.`) so no reader links a bare URL that could run on into
 *   the next piece, and at the start of a line the block markers (`>`, `-`,
 *   `+`, `=`, `:`, `1.`) escaped and indentation and trailing spaces
 *   dropped (they would make code or a hard break);
 * - a code span: its content byte for byte, between backtick runs no run
 *   inside matches;
 * - a destination: backslash escapes and percent-encoding only.
 */
import { REDACTED } from '../secrets/secret-patterns.js'
import { stripHiddenCharacters } from './hidden-characters.js'
import { insertWordJoiners, textMentionInserts } from './mentions.js'
import { DIFF_REDACTED } from './sanitize-lines.js'

/** Characters escaped wherever they are in text. */
const ALWAYS = new Set(['\\', '`', '*', '_', '~', '[', ']', '<', '|', '#'])
/** Characters that open a block at the start of a line. */
const LINE_START = new Set(['>', '-', '+', '=', ':'])

/**
 * The sanitizer's own markers stay as written: with no definition printed
 * (the printer writes none) and no `(`, `[` or `:` after them, brackets
 * are text to every reader.
 */
const MARKERS = [REDACTED, DIFF_REDACTED]

function markerAt(text: string, at: number): string | undefined {
  const marker = MARKERS.find((candidate) => text.startsWith(candidate, at))
  if (marker === undefined || text[at - 1] === '!') return undefined
  return /[([:]/.test(text[at + marker.length] ?? '') ? undefined : marker
}

/** An `_` between two letters or digits opens and closes nothing, for every reader. */
function isIntraword(text: string, at: number): boolean {
  return /[A-Za-z0-9]/.test(text[at - 1] ?? '') && /[A-Za-z0-9]/.test(text[at + 1] ?? '')
}

function escapeLine(line: string, lineStart: boolean): string {
  let text = lineStart ? line.replace(/^[ \t]+/, '') : line
  let head = ''
  if (lineStart) {
    const ordered = /^(\d{1,10})([.)])/.exec(text)
    if (ordered !== null) {
      head = `${ordered[1] ?? ''}\\${ordered[2] ?? ''}`
      text = text.slice(ordered[0].length)
    } else if (LINE_START.has(text[0] ?? '')) {
      head = `\\${text[0] ?? ''}`
      text = text.slice(1)
    }
  }
  let out = head
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] ?? ''
    const marker = char === '[' ? markerAt(text, at) : undefined
    if (marker !== undefined) {
      out += marker
      at += marker.length - 1
      continue
    }
    const escaped =
      (ALWAYS.has(char) && !(char === '_' && isIntraword(text, at))) ||
      // Only `&#` or `&` and a letter start a reference (a piece is followed by
      // markup, never by a letter): `a && b` stays as written.
      (char === '&' && /[#A-Za-z]/.test(text[at + 1] ?? '')) ||
      (char === '!' && (text[at + 1] === '[' || at === text.length - 1)) ||
      (char === ':' && text.startsWith('//', at + 1)) ||
      (char === '.' && /www$/i.test(text.slice(Math.max(0, at - 3), at)))
    out += char === '<' ? '&lt;' : escaped ? `\\${char}` : char
  }
  return out
}

/**
 * Text as markdown that reads back as exactly this text (hidden characters
 * dropped, mentions defused unless `defuse` is false: inside a link), never
 * as markup. `lineStart`: the text begins a line.
 */
export function printText(value: string, lineStart: boolean, defuse = true): string {
  const clean = stripHiddenCharacters(value)
  const defused = defuse ? insertWordJoiners(clean, textMentionInserts(clean)) : clean
  return defused
    .split('\n')
    .map((line, index, lines) => {
      // Spaces before a line break would make it a hard break.
      const kept = index < lines.length - 1 ? line.replace(/[ \t]+$/, '') : line
      return escapeLine(kept, lineStart || index > 0)
    })
    .join('\n')
}

/** The lengths of the backtick runs in `text`. */
function backtickRuns(text: string): Set<number> {
  return new Set(Array.from(text.matchAll(/`+/g), (match) => match[0].length))
}

/**
 * A code span whose content reads back as `value` (inside a table cell a
 * `|` is written `\|`, which GFM reads back as `|` in code too).
 */
export function printCodeSpan(value: string, inTable: boolean): string {
  const content = inTable ? value.replace(/\|/g, '\\|') : value
  const runs = backtickRuns(content)
  let length = 1
  while (runs.has(length)) length += 1
  const fence = '`'.repeat(length)
  const pad =
    content.startsWith('`') ||
    content.endsWith('`') ||
    (content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '')
  return pad ? `${fence} ${content} ${fence}` : `${fence}${content}${fence}`
}

/** A link destination that reads back as `url` and cannot end early. */
export function printDestination(url: string): string {
  return url.replace(/[\\()<>&[\]]/g, '\\$&').replace(
    // eslint-disable-next-line no-control-regex -- control characters are what gets encoded
    /[\s\u0000-\u001f\u007f`]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
  )
}

/** A character as a numeric reference (for a neighbour of an emphasis delimiter). */
export function characterReference(char: string): string {
  return `&#x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()};`
}
