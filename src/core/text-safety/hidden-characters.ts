/**
 * Characters that do not show on GitHub but still travel with the text:
 * zero-width and joiner characters, bidi marks, embeddings, overrides and
 * isolates, Unicode tag characters, variation selectors, fillers and other
 * default-ignorable code points, and control characters. In an outgoing
 * comment they can hide data or reorder what a reader sees, so they are
 * dropped everywhere, code included. The only ones the sanitizer writes
 * itself are word joiners after an `@` (see mentions.ts); one found there
 * already is kept.
 *
 * Exception: U+FE0E/U+FE0F select text or emoji presentation (`⚠️`); one is
 * kept after a letter, digit or symbol; a run of them, or one after a space
 * or ASCII punctuation (a code span's backtick), is not.
 */

/** The character the sanitizer puts after `@` so GitHub does not link a mention. */
export const WORD_JOINER = '\u2060'

// Default-ignorable code points (except the two presentation selectors) and
// control characters other than tab and line feed.
/* eslint-disable no-control-regex -- matching control characters is the point */
const HIDDEN =
  /(?![\uFE0E\uFE0F])[\p{Default_Ignorable_Code_Point}]|[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu
/* eslint-enable no-control-regex */

/** A presentation selector after another one, a space, ASCII punctuation or at the start of a line. */
// eslint-disable-next-line no-misleading-character-class -- selectors are matched on their own on purpose
const STRAY_SELECTOR = /(?<=^|[\s!-/:-@[-`{-~\uFE0E\uFE0F])[\uFE0E\uFE0F]+/gm

/** An `@` (or a reference to one) right before the offset being looked at; bounded look-back. */
const AT_BEFORE = /(?:@|&#0{0,8}64;?|&#[xX]0{0,8}40;?|&commat;)$/

/**
 * A word joiner that already defuses a mention (right after an `@`, before
 * a letter, digit or reference) stays: it is the sanitizer's own, and
 * keeping it makes sanitizing twice change nothing even where the second
 * reading sees code (a quoted earlier comment, say).
 */
function isDefusing(text: string, at: number): boolean {
  return (
    /[A-Za-z0-9&]/.test(text[at + 1] ?? '') && AT_BEFORE.test(text.slice(Math.max(0, at - 16), at))
  )
}

/**
 * The text with line endings made "\n" (a lone CR ends a line for CommonMark
 * too) and every hidden character removed, but for joiners that defuse a
 * mention.
 */
export function stripHiddenCharacters(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(HIDDEN, (char: string, at: number, whole: string) =>
      char === WORD_JOINER && isDefusing(whole, at) ? char : ''
    )
    .replace(STRAY_SELECTOR, '')
}
