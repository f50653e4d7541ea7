/**
 * The sanitizer's rules that hold line by line, whatever the markdown
 * structure: they run before the text is parsed, so the parse sees their
 * result. Raw diffs become one marker; no line may open a suggestion block
 * (nor, in the human part of a comment, a block that looks like bot state);
 * no line starts a footnote; the bot's marker cannot be forged. All are linear in the text's length.
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

/** Characters that may stand before a fence in a container: quote and list markers, indentation. */
const PREFIX_CHARS = ' \t>*+-.)0123456789'
const FENCE_RUN = /^(?:`{3,}|~{3,})/

/**
 * Splits a line that could open a fenced block in some container (quote
 * and list markers, footnote labels `[^x]:`, indentation) into what comes
 * up to the end of its fence run, and the info string. Deliberately broader
 * than CommonMark.
 */
function splitFenceLine(line: string): [head: string, info: string] | undefined {
  let at = 0
  while (at < line.length) {
    if (PREFIX_CHARS.includes(line[at] ?? '')) at += 1
    else if (line.startsWith('[^', at)) {
      const close = line.indexOf(']:', at + 2)
      if (close === -1) return undefined
      at = close + 2
    } else break
  }
  const run = FENCE_RUN.exec(line.slice(at))?.[0]
  if (run === undefined) return undefined
  return [line.slice(0, at + run.length), line.slice(at + run.length)]
}

/**
 * Drops the info string of every fence-like line whose info starts with
 * `suggestion` (GitHub turns such a block into a commit button), and with
 * `rmcoc` when `stateBlocks` (a quoted state block must not look like the
 * bot's own).
 */
export function neutralizeInfoStrings(text: string, stateBlocks: boolean): string {
  return text
    .split('\n')
    .map((line) => {
      const parts = splitFenceLine(line)
      if (parts === undefined) return line
      const info = parts[1].trim().toLowerCase()
      const forged = info.startsWith('suggestion') || (stateBlocks && info.startsWith('rmcoc'))
      return forged ? parts[0] : line
    })
    .join('\n')
}

/**
 * GitHub reads `[^label]:` at the start of a line (in any container) as a
 * footnote definition, which the sanitizer's parser does not know: the
 * lines after it, indented, are the footnote's content for GitHub and code
 * or a paragraph for the parser. A backslash before the `[` makes it plain
 * text for both, so they agree again (the bot does not write footnotes).
 */
export function neutralizeFootnotes(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let at = 0
      while (at < line.length && PREFIX_CHARS.includes(line[at] ?? '')) at += 1
      const label = line.startsWith('[^', at) && line.indexOf(']:', at + 2) !== -1
      return label ? `${line.slice(0, at)}\\${line.slice(at)}` : line
    })
    .join('\n')
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
