/**
 * The sanitizer's rules that hold line by line, whatever the markdown
 * structure: they run before the text is parsed, so the parse sees their
 * result. Raw diffs become one marker; the bot's marker cannot be forged.
 * All are linear in the text's length.
 */
import { BOT_MARKER } from '../names/marker.js'

export const DIFF_REDACTED = '[DIFF REDACTED]'

const DIFF_START = /^[ \t>]*diff --git /
// Lines that still belong to a raw diff after its `diff --git` header.
const DIFF_LINE =
  /^[ \t>]*(?:diff --git |index |--- |\+\+\+ |@@|[+\- ]|\\ No newline|(?:new|deleted) file mode|old mode|new mode|similarity index|dissimilarity index|rename (?:from|to) |copy (?:from|to) |Binary files )/

/**
 * Replaces each raw diff (header plus the diff lines after it) with one
 * marker, in prose and code alike. A blank line ends the diff: prose (and
 * "- " bullet lists) may follow.
 */
export function redactDiffs(text: string): string {
  const out: string[] = []
  let inDiff = false
  for (const line of text.split('\n')) {
    if (DIFF_START.test(line)) {
      if (!inDiff) out.push(DIFF_REDACTED)
      inDiff = true
      continue
    }
    if (inDiff && line.trim() !== '' && DIFF_LINE.test(line)) continue
    inDiff = false
    out.push(line)
  }
  return out.join('\n')
}

/**
 * Removes the marker until none is left (removing one can join the halves of
 * another): each marker completed while the text is copied is dropped at once.
 */
export function stripMarker(text: string): string {
  if (!text.includes(BOT_MARKER)) return text
  const out: string[] = []
  const last = BOT_MARKER[BOT_MARKER.length - 1]
  for (const char of text) {
    out.push(char)
    if (char === last && out.length >= BOT_MARKER.length) {
      const tail = out.slice(-BOT_MARKER.length).join('')
      if (tail === BOT_MARKER) out.length -= BOT_MARKER.length
    }
  }
  return out.join('')
}

/** `text` cut to at most `length` characters, never inside a surrogate pair. */
export function cutAt(text: string, length: number): string {
  if (text.length <= length) return text
  const code = text.charCodeAt(length - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length)
}
