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
  // Kept as parts: reading the end of a string built by appending would copy it each time.
  private readonly parts: string[] = []
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
    const joined = this.parts.join('')
    this.parts.length = 0
    if (joined !== '') this.parts.push(joined)
    return joined
  }

  /** The last character printed ('' when nothing is). */
  lastChar(): string {
    this.flush()
    const last = this.parts.at(-1) ?? ''
    return Array.from(last.slice(-2)).at(-1) ?? ''
  }

  /** True when what comes next starts a line. */
  atLineStart(): boolean {
    const last = this.lastChar()
    return this.lineStart || last === '' || last === '\n'
  }

  /** Writes the last character printed as a numeric reference. */
  encodeLast(): void {
    const last = this.lastChar()
    const part = this.parts.pop() ?? ''
    this.parts.push(part.slice(0, part.length - last.length), characterReference(last))
  }

  private flush(): void {
    if (this.pending === '') return
    const printed = printText(this.pending, this.pendingLineStart, this.pendingDefuse)
    this.pending = ''
    if (printed !== '') {
      this.parts.push(printed)
      this.lineStart = false
    }
  }

  markup(text: string): void {
    if (text === '') return
    this.flush()
    this.parts.push(text)
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
        this.flush()
        this.parts.push(characterReference(first))
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
    // Spaces before a break would make it hard; a line left empty (its characters were hidden
    // ones) would end the paragraph, and a link in it.
    while (/[ \t]$/.test(this.parts.at(-1) ?? '')) {
      const part = (this.parts.pop() ?? '').replace(/[ \t]+$/, '')
      if (part !== '') this.parts.push(part)
    }
    const last = this.lastChar()
    if (last === '' || last === '\n') return
    this.parts.push(`${hard ? '\\' : ''}\n`)
    this.lineStart = true
    this.encodeNext = false
  }
}
