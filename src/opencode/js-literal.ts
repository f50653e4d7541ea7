/**
 * Reads a JavaScript data literal as a minifier writes one: objects (keys
 * bare, quoted or numeric), arrays, strings in double or single quotes,
 * numbers, `!0` / `!1`, `true`, `false`, `null` and `void 0`. Anything else
 * (a call, a variable, a template string, a spread) is refused: this reads
 * data out of a program's text, it never runs any of it.
 */

export class JsLiteralError extends Error {
  constructor(message: string, at: number) {
    super(`${message} at offset ${at}`)
    this.name = 'JsLiteralError'
  }
}

export type JsValue = null | boolean | number | string | JsValue[] | { [key: string]: JsValue }

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  '\\': '\\',
  '"': '"',
  "'": "'",
  '/': '/'
}

const WORDS: ReadonlyArray<readonly [string, JsValue]> = [
  ['!0', true],
  ['!1', false],
  ['true', true],
  ['false', false],
  ['null', null],
  // An absent optional field; JSON has no undefined, so it reads as null.
  ['void 0', null]
]

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/y
const IDENTIFIER = /[A-Za-z_$][\w$]*/y

/** Where one member's value lies in the text: [start, end). */
export interface MemberSpan {
  readonly start: number
  readonly end: number
}

/**
 * The members of the object literal at `start`: each key and where its value
 * lies, found by skipping over the values (strings and nesting) without
 * building them; `end` is the offset just past the closing brace. Reading
 * one member of a large literal this way costs a scan, not a parse.
 */
export function objectMembers(
  text: string,
  start: number
): { members: Map<string, MemberSpan>; end: number } {
  const reader = new LiteralReader(text, start)
  const members = reader.members()
  return { members, end: reader.at }
}

/** One literal starting at `start` in `text`; `end` is the offset just past it. */
export function readJsLiteral(text: string, start: number): { value: JsValue; end: number } {
  const reader = new LiteralReader(text, start)
  const value = reader.value()
  return { value, end: reader.at }
}

class LiteralReader {
  constructor(
    private readonly text: string,
    public at: number
  ) {}

  value(): JsValue {
    this.skipSpace()
    const char = this.text[this.at]
    if (char === '{') return this.object()
    if (char === '[') return this.array()
    if (char === '"' || char === "'") return this.string()
    for (const [word, value] of WORDS) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length
        return value
      }
    }
    const number = this.match(NUMBER)
    if (number !== undefined) return Number(number)
    throw new JsLiteralError(`expected a value, got ${JSON.stringify(char ?? 'the end')}`, this.at)
  }

  members(): Map<string, MemberSpan> {
    const out = new Map<string, MemberSpan>()
    this.skipSpace()
    this.expect('{')
    this.skipSpace()
    if (this.eat('}')) return out
    do {
      this.skipSpace()
      const key = this.key()
      this.skipSpace()
      this.expect(':')
      this.skipSpace()
      const start = this.at
      this.skipValue()
      out.set(key, { start, end: this.at })
      this.skipSpace()
    } while (this.eat(','))
    this.expect('}')
    return out
  }

  /** Moves past one value: a scalar is read, brackets are counted, strings skipped whole. */
  private skipValue(): void {
    const first = this.text[this.at]
    if (first !== '{' && first !== '[') {
      this.value()
      return
    }
    let depth = 0
    do {
      const char = this.text[this.at]
      if (char === undefined) throw new JsLiteralError('unterminated value', this.at)
      if (char === '"' || char === "'") {
        this.skipString()
        continue
      }
      if (char === '{' || char === '[') depth += 1
      else if (char === '}' || char === ']') depth -= 1
      this.at += 1
    } while (depth > 0)
  }

  private skipString(): void {
    const quote = this.text[this.at]
    for (let i = this.at + 1; i < this.text.length; i += 1) {
      const char = this.text[i]
      if (char === '\\') i += 1
      else if (char === quote) {
        this.at = i + 1
        return
      } else if (char === '\n' || char === '\r') break
    }
    throw new JsLiteralError('unterminated string', this.at)
  }

  private object(): { [key: string]: JsValue } {
    // No prototype: a "__proto__" key is data like any other.
    const out = Object.create(null) as { [key: string]: JsValue }
    this.at += 1
    this.skipSpace()
    if (this.eat('}')) return out
    do {
      this.skipSpace()
      const key = this.key()
      this.skipSpace()
      this.expect(':')
      out[key] = this.value()
      this.skipSpace()
    } while (this.eat(','))
    this.expect('}')
    return out
  }

  private array(): JsValue[] {
    const out: JsValue[] = []
    this.at += 1
    this.skipSpace()
    if (this.eat(']')) return out
    do {
      out.push(this.value())
      this.skipSpace()
    } while (this.eat(','))
    this.expect(']')
    return out
  }

  private key(): string {
    const char = this.text[this.at]
    if (char === '"' || char === "'") return this.string()
    const key = this.match(IDENTIFIER) ?? this.match(NUMBER)
    if (key === undefined) throw new JsLiteralError('expected a key', this.at)
    return key
  }

  private string(): string {
    const quote = this.text[this.at]
    let out = ''
    for (let i = this.at + 1; i < this.text.length; i += 1) {
      const char = this.text[i]
      if (char === quote) {
        this.at = i + 1
        return out
      }
      if (char === '\n' || char === '\r') break
      if (char !== '\\') {
        out += char
        continue
      }
      const [decoded, length] = this.escape(i + 1)
      out += decoded
      i += length
    }
    throw new JsLiteralError('unterminated string', this.at)
  }

  /** The escape after a backslash at `from`: its character and how many characters it spans. */
  private escape(from: number): [string, number] {
    const char = this.text[from] ?? ''
    const simple = SIMPLE_ESCAPES[char]
    if (simple !== undefined) return [simple, 1]
    const hex =
      char === 'x'
        ? /^[0-9a-fA-F]{2}/.exec(this.text.slice(from + 1, from + 3))
        : char === 'u'
          ? /^[0-9a-fA-F]{4}/.exec(this.text.slice(from + 1, from + 5))
          : null
    if (hex === null) throw new JsLiteralError(`unsupported escape \\${char}`, from)
    return [String.fromCharCode(parseInt(hex[0], 16)), hex[0].length + 1]
  }

  private match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at
    const found = pattern.exec(this.text)
    if (found === null) return undefined
    this.at += found[0].length
    return found[0]
  }

  private eat(char: string): boolean {
    if (this.text[this.at] !== char) return false
    this.at += 1
    return true
  }

  private expect(char: string): void {
    if (!this.eat(char)) {
      throw new JsLiteralError(
        `expected ${JSON.stringify(char)}, got ${JSON.stringify(this.text[this.at] ?? 'the end')}`,
        this.at
      )
    }
  }

  private skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at += 1
  }
}
