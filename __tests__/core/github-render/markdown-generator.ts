/**
 * A seeded generator of adversarial markdown: every block construct
 * (paragraphs, headings, fenced code with backticks and tildes of mixed
 * lengths, indented code, HTML blocks of all seven CommonMark kinds, block
 * quotes, lists, tables, link reference and footnote definitions, lazy
 * continuation lines) nested in each other, filled with inline constructs
 * (emphasis, code spans, links, images, autolinks, raw HTML, entities,
 * invisible characters) that carry mentions, outside images and loads,
 * comments and raw elements, then, at times, broken: a range cut out, a
 * line repeated, a piece dropped anywhere. The same seed gives the same
 * text.
 */
import {
  AUTOLINKS,
  COMMENTS,
  ENTITIES,
  HIDDEN,
  IMAGES,
  LABELS,
  LOADING_HTML,
  MENTIONS,
  RAW_ELEMENTS,
  SYNTAX,
  URLS,
  WORDS
} from './adversarial-pieces.js'
import { seededRandom, type Random } from './seeded-random.js'

const PAYLOADS = [
  MENTIONS,
  IMAGES,
  LOADING_HTML,
  RAW_ELEMENTS,
  COMMENTS,
  HIDDEN,
  AUTOLINKS
] as const

function payload(r: Random): string {
  return r.pick(r.pick(PAYLOADS))
}

function atom(r: Random): string {
  const roll = r.next()
  if (roll < 0.35) return payload(r)
  if (roll < 0.55) return r.pick(WORDS)
  if (roll < 0.8) return r.pick(SYNTAX)
  return r.pick(ENTITIES)
}

/** Inline text: atoms, sometimes wrapped in an inline construct. */
function inline(r: Random, depth = 0): string {
  const parts: string[] = []
  const count = r.int(1, 6)
  for (let i = 0; i < count; i += 1) {
    parts.push(depth < 2 && r.chance(0.35) ? wrapInline(r, depth + 1) : atom(r))
    parts.push(r.pick([' ', ' ', '', '\n']))
  }
  return parts.join('').trimEnd()
}

function ticks(r: Random): string {
  return '`'.repeat(r.int(1, 3))
}

function wrapInline(r: Random, depth: number): string {
  const inner = inline(r, depth)
  const url = r.pick(URLS)
  const wraps: (() => string)[] = [
    () => `*${inner}*`,
    () => `**${inner}**`,
    () => `_${inner}_`,
    () => `~~${inner}~~`,
    () => {
      const t = ticks(r)
      return `${t}${r.chance(0.5) ? ' ' : ''}${inner}${r.chance(0.8) ? t : ''}`
    },
    () => `[${inner}](${url}${r.chance(0.3) ? ` "${inline(r, depth)}"` : ''})`,
    () => `[${inner}][${r.pick(LABELS)}]`,
    () => `[${inner}]`,
    () => `![${inner}](${url})`,
    () => `![${inner}][${r.pick(LABELS)}]`,
    () => `[^${r.pick(LABELS)}]`,
    () => `<a href="${url}">${inner}</a>${r.chance(0.5) ? r.pick(MENTIONS) : ''}`,
    () => `[${inner} <a href="${url}">x</a>${r.pick(MENTIONS)}](${url})`,
    () => `<${r.pick(['b', 'i', 'em', 'sup', 'kbd', 'span', 'code', 'del', 'details'])}>${inner}`,
    () => `[${inner} ${r.pick(AUTOLINKS)}`
  ]
  return r.pick(wraps)()
}

function fence(r: Random): string {
  const char = r.pick(['`', '~'])
  const length = r.int(3, 6)
  const open = char.repeat(length)
  const info = r.pick(['', 'js', 'rmcoc', 'suggestion', 'diff', ' x`y', '~~~', inline(r, 2)])
  const body = lines(r, r.int(0, 4), () =>
    r.chance(0.3) ? r.pick(['`', '~']).repeat(r.int(2, 7)) + r.pick(['', 'js', ' ']) : inline(r, 2)
  )
  const closeLength = r.chance(0.2) ? r.int(2, length + 2) : length
  const close = r.chance(0.8)
    ? ' '.repeat(r.chance(0.2) ? r.int(1, 4) : 0) +
      (r.chance(0.15) ? r.pick(['`', '~']) : char).repeat(closeLength)
    : ''
  return `${' '.repeat(r.chance(0.2) ? r.int(1, 3) : 0)}${open}${info}\n${body}${close === '' ? '' : `\n${close}`}`
}

function lines(r: Random, count: number, line: () => string): string {
  return Array.from({ length: count }, line).join('\n')
}

function htmlBlock(r: Random): string {
  const inner = (): string => (r.chance(0.5) ? inline(r, 1) : block(r, 3))
  const kinds: (() => string)[] = [
    () =>
      `<${r.pick(['script', 'pre', 'style', 'textarea'])}>\n${inner()}${r.chance(0.6) ? `\n</${r.pick(['script', 'pre', 'style', 'textarea'])}>` : ''}`,
    () => `<!--${inner()}${r.chance(0.5) ? '-->' : ''}`,
    () => `<?${inner()}${r.chance(0.5) ? '?>' : ''}`,
    () => `<!X ${inner()}${r.chance(0.5) ? '>' : ''}`,
    () => `<![CDATA[${inner()}${r.chance(0.5) ? ']]>' : ''}`,
    () =>
      `<${r.pick(['div', 'details', 'table', 'p', 'section', 'summary', 'ul', 'h1'])}${r.pick(['', ' title="x', ' class=x'])}>\n${inner()}`,
    () =>
      `${r.pick(['<span>', '<a href="x">', '</x>', `<img src="https://evil.example/l.png">`, '<b title="', '<x-y>'])}\n${inner()}`
  ]
  return r.pick(kinds)()
}

function table(r: Random): string {
  const columns = r.int(1, 3)
  const row = (): string =>
    `| ${Array.from({ length: columns }, () => inline(r, 2).replace(/\n/g, ' ')).join(' | ')} |`
  const delimiter = `|${Array.from({ length: columns }, () => r.pick(['---', ':--', '--:', ':-:'])).join('|')}|`
  return [row(), delimiter, ...Array.from({ length: r.int(0, 3) }, row)].join('\n')
}

function definition(r: Random): string {
  const label = r.pick(LABELS)
  const target = r.chance(0.5) ? r.pick(URLS) : r.pick(IMAGES)
  const title = r.chance(0.4) ? ` "${inline(r, 2)}"` : ''
  return `${r.pick(['', ' ', '   '])}[${label}]:${r.pick([' ', '\n  '])}${target}${title}`
}

function footnote(r: Random): string {
  return `[^${r.pick(LABELS)}]: ${inline(r, 1)}${r.chance(0.4) ? `\n    ${inline(r, 1)}` : ''}`
}

function prefixLines(text: string, first: string, rest: string, r: Random): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? first : r.chance(0.15) ? '' : rest) + line)
    .join('\n')
}

function container(r: Random, depth: number): string {
  const inner = blocks(r, depth + 1, r.int(1, 3))
  const marker = r.pick(['- ', '* ', '+ ', '1. ', '2) ', '- [ ] ', '- [x] '])
  return r.chance(0.5)
    ? prefixLines(inner, r.pick(['> ', '>', '   > ']), r.pick(['> ', '>']), r)
    : prefixLines(inner, marker, ' '.repeat(marker.length), r)
}

/** Lines holding only a tag: as a lazy continuation they start an HTML block for cmark-gfm. */
const TAG_LINES = ['<div>', '<span>', '<b>', '</a>', '<x-y>', '<img src="x">', '<details>'] as const

function block(r: Random, depth: number): string {
  const roll = r.int(0, depth < 3 ? 14 : 10)
  const makers: (() => string)[] = [
    () => inline(r),
    () => inline(r),
    () => `${'#'.repeat(r.int(1, 6))} ${inline(r, 1)}`,
    () => `${inline(r, 1)}\n${r.pick(['===', '---'])}`,
    () => r.pick(['---', '***', '___', '- - -']),
    () => fence(r),
    () => lines(r, r.int(1, 3), () => `${r.pick(['    ', '\t', '     '])}${inline(r, 2)}`),
    () => htmlBlock(r),
    () => table(r),
    () => definition(r),
    () => footnote(r),
    () => `${inline(r)}\n${r.pick(['<div>', '<span>', '</x>', '<img src="x">', '<b>', '<!--'])}`,
    () => container(r, depth),
    () => container(r, depth),
    () => `${container(r, depth)}\n${r.pick(TAG_LINES)}\n${fence(r)}`
  ]
  return (makers[roll] ?? makers[0]!)()
}

function blocks(r: Random, depth: number, count: number): string {
  const parts: string[] = []
  for (let i = 0; i < count; i += 1) {
    if (i > 0) parts.push(r.pick(['\n\n', '\n\n', '\n', '\n\n\n', '\n   \n']))
    parts.push(block(r, depth))
  }
  return parts.join('')
}

/** Breaks the text: a range cut out, a line repeated, a piece dropped in anywhere. */
function mutate(r: Random, text: string): string {
  const at = r.int(0, text.length)
  const roll = r.int(0, 2)
  if (roll === 0) return text.slice(0, at) + text.slice(Math.min(text.length, at + r.int(1, 12)))
  if (roll === 1) {
    const all = text.split('\n')
    const line = r.int(0, all.length - 1)
    all.splice(line, 0, all[line] ?? '')
    return all.join('\n')
  }
  return text.slice(0, at) + atom(r) + text.slice(at)
}

/** One adversarial markdown text for `seed`. */
export function generateMarkdown(seed: number): string {
  const r = seededRandom(seed)
  let text = blocks(r, 0, r.int(1, 6))
  const mutations = r.chance(0.5) ? r.int(1, 3) : 0
  for (let i = 0; i < mutations; i += 1) text = mutate(r, text)
  return text
}
