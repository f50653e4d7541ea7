/**
 * Small helpers for untrusted text in the summary: shortening, quoting and
 * one-line rendering. Model text is always quoted or kept on one list line,
 * so a stray heading, fence or HTML block stays inside its container (a
 * fence or HTML block ends with the block quote that contains it).
 */

export function shorten(text: string, max: number): string {
  const trimmed = text.trim()
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max).trimEnd()} …`
}

/** Quotes untrusted text so its markdown cannot escape into the summary's layout. */
export function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n')
}

/** Quotes `text` shortened so the quote, markers included, stays within `max` characters. */
export function quoteWithin(text: string, max: number): string {
  let chars = max
  for (let attempt = 0; attempt < 4 && chars > 0; attempt += 1) {
    const quoted = quote(shorten(text, chars))
    if (quoted.length <= max) return quoted
    chars -= quoted.length - max + 8
  }
  // Many short lines: one line, then, cannot grow by more than its marker.
  return quote(shorten(text.replace(/\s+/g, ' '), Math.max(0, max - 8)))
}

/** One line of untrusted text (a finding title): no line breaks to start a block. */
export function oneLine(text: string, max = 300): string {
  return shorten(text.replace(/\s+/g, ' '), max)
}

export const where = (path: string, line: number | null): string =>
  line === null ? `\`${path}\`` : `\`${path}:${line}\``

const SHA = /^[0-9a-f]{7,64}$/i

/**
 * The first `length` digits of a commit SHA, or undefined when `sha` is not
 * one: SHAs are printed inside code spans and HTML, so only hex gets there.
 */
export function shortSha(sha: string, length = 7): string | undefined {
  return SHA.test(sha) ? sha.slice(0, length).toLowerCase() : undefined
}

export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`
