/**
 * The printer's output for inline content (see markdown-inline.ts): text
 * and the markup the printer writes, with what the printer must know about
 * its end (a line start, a closing delimiter).
 */
import { stripHiddenCharacters } from './hidden-characters.js'
import { characterReference, printText } from './markdown-text.js'

/**
 * Where the printed text goes. Text is collected until markup follows and
 * escaped as one piece, so the escapes do not depend on how the parser
 * split it (sanitizing printed text again changes nothing).
 */
export class InlineOut {
  private printed = ''
  private pending = ''
  private pendingDefuse = true
  private pendingLineStart = false
  /** The next character starts a line. */
  lineStart: boolean
  /** The next character, if not punctuation or space, must be a reference (a closing delimiter is before it). */
  encodeNext = false

  constructor(lineStart: boolean) {
    this.lineStart = lineStart
  }

  /** Everything printed so far. */
  get text(): string {
    this.flush()
    return this.printed
  }

  set text(value: string) {
    this.flush()
    this.printed = value
  }

  private flush(): void {
    if (this.pending === '') return
    const printed = printText(this.pending, this.pendingLineStart, this.pendingDefuse)
    this.pending = ''
    this.printed += printed
    if (printed !== '') this.lineStart = false
  }

  markup(text: string): void {
    if (text === '') return
    this.flush()
    this.printed += text
    this.lineStart = false
    this.encodeNext = false
  }

  plain(text: string, defuse: boolean): void {
    // Hidden characters go first, so none is taken for the character after a delimiter.
    const value = stripHiddenCharacters(text)
    if (value === '') return
    if (this.pending !== '' && defuse !== this.pendingDefuse) this.flush()
    let rest = value
    if (this.encodeNext) {
      const first = String.fromCodePoint(value.codePointAt(0) ?? 0)
      if (!/[\s!-/:-@[-`{-~]/.test(first)) {
        this.printed += characterReference(first)
        rest = value.slice(first.length)
        this.lineStart = false
      }
      this.encodeNext = false
    }
    if (this.pending === '') this.pendingLineStart = this.lineStart
    this.pending += rest
    this.pendingDefuse = defuse
  }

  lineBreak(hard: boolean): void {
    this.flush()
    // A line left empty (its characters were hidden ones) would end the paragraph, and a link in it.
    if (this.printed === '' || this.printed.endsWith('\n')) return
    this.printed = `${this.printed.replace(/[ \t]+$/, '')}${hard ? '\\' : ''}\n`
    this.lineStart = true
    this.encodeNext = false
  }
}
