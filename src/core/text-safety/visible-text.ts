/**
 * What a reader sees of rendered HTML, printed as plain text for the model:
 * text nodes (character references decoded, as displayed), code kept verbatim
 * in backtick quotes or fences, a link's or an image's target after it (a
 * reader reaches it on hover or sees the picture), list items, quotes, table
 * rows and line breaks on lines of their own. Never printed, because a reader
 * never sees them: HTML comments, attribute values (alt, title, aria-*,
 * data-*, a code block's language, ...) and the content of elements a
 * browser does not display as text (script, style, template, noscript, ...).
 *
 * The HTML is read with parse5, a browser's tokenizer and tree builder, so a
 * tag left open, an attribute value that runs on, or a comment without an
 * end hides exactly what it hides in a browser.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'

type Node = DefaultTreeAdapterMap['node']
type Element = DefaultTreeAdapterMap['element']

/** Elements whose content a reader never sees as text. */
const NEVER_SHOWN = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'object',
  'svg',
  'math',
  'select',
  'head'
])

/** Elements that start a line of their own. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'main',
  'figure',
  'figcaption',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'ul',
  'ol',
  'table',
  'caption',
  'address',
  'center',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6'
])

function isElement(node: Node): node is Element {
  return 'tagName' in node
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value
}

function childNodes(node: Node): Node[] {
  return 'childNodes' in node ? node.childNodes : []
}

function textContent(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value
  if (isElement(node) && NEVER_SHOWN.has(node.tagName)) return ''
  return childNodes(node).map(textContent).join('')
}

function longestRun(text: string, char: string): number {
  let longest = 0
  let run = 0
  for (const c of text) {
    run = c === char ? run + 1 : 0
    longest = Math.max(longest, run)
  }
  return longest
}

function quoteCode(code: string): string {
  const ticks = '`'.repeat(longestRun(code, '`') + 1)
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${code}${pad}${ticks}`
}

function fenceCode(code: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(code, '`') + 1))
  return `\n\n${fence}\n${code.replace(/\n$/, '')}\n${fence}\n\n`
}

function prefixLines(text: string, first: string, rest: string): string {
  return text
    .trim()
    .split('\n')
    .map((line, i) => (i === 0 ? first : rest) + line)
    .join('\n')
}

function printLink(element: Element): string {
  const text = printChildren(element)
  const href = attribute(element, 'href')
  if (href === undefined || href === '' || href === text.trim()) return text
  return `${text} (${href})`
}

function printImage(element: Element): string {
  const src = attribute(element, 'src')
  return src === undefined || src === '' ? '' : `[image: ${src}]`
}

function printRow(element: Element): string {
  const cells = childNodes(element).filter(isElement)
  return `| ${cells
    .map((cell) =>
      printChildren(cell)
        .replace(/\s*\n\s*/g, ' ')
        .trim()
    )
    .join(' | ')} |\n`
}

function printListItem(element: Element): string {
  const ordered = isElement(element.parentNode as Node) && element.parentNode?.nodeName === 'ol'
  const marker = ordered ? '1. ' : '- '
  return `${prefixLines(printChildren(element), marker, ' '.repeat(marker.length))}\n`
}

function printCheckbox(element: Element): string {
  if (attribute(element, 'type') !== 'checkbox') return ''
  return attribute(element, 'checked') === undefined ? '[ ] ' : '[x] '
}

const ELEMENT_PRINTERS: Readonly<Record<string, (element: Element) => string>> = {
  a: printLink,
  img: printImage,
  br: () => '\n',
  hr: () => '\n\n---\n\n',
  input: printCheckbox,
  tr: printRow,
  li: printListItem,
  pre: (element) => fenceCode(textContent(element)),
  code: (element) => quoteCode(textContent(element)),
  blockquote: (element) => `\n\n${prefixLines(printChildren(element), '> ', '> ')}\n\n`
}

function printElement(element: Element): string {
  if (NEVER_SHOWN.has(element.tagName)) return ''
  const printer = ELEMENT_PRINTERS[element.tagName]
  if (printer !== undefined) return printer(element)
  const inner = printChildren(element)
  if (/^h[1-6]$/.test(element.tagName))
    return `\n\n${'#'.repeat(Number(element.tagName[1]))} ${inner.trim()}\n\n`
  return BLOCKS.has(element.tagName) ? `\n\n${inner}\n\n` : inner
}

/**
 * Shown text that another reading of the same markdown could take as markup
 * hiding what it holds: from a `<` that starts a tag, comment or declaration
 * to its `>` (or the end of the line); an image's alt text (`![...]`); a
 * footnote label (`[^...]`); a link's destination and title (`](...)`); and
 * from a definition's `]:` on. Markdown parsers disagree at the edges (lazy
 * continuation lines, unbalanced parentheses, footnotes), so text that looks
 * like markup hiding something is not passed on as if it were shown.
 */
const MARKUP_LIKE =
  /<[A-Za-z/!?][^>\n]*(?:>|$)|!\[[^\]]*\]?|\[\^[^\]]*\]?(?:[ \t]*:[\s\S]*$)?|\]\([^)]*\)?|\][ \t]*:[\s\S]*$/gm

function printText(value: string): string {
  return value.replace(MARKUP_LIKE, '')
}

function printNode(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return printText(node.value)
  if (isElement(node)) return printElement(node)
  return '' // comments, doctypes
}

/** Containers whose whitespace between children is layout, not text. */
const LAYOUT = new Set(['ul', 'ol', 'table', 'thead', 'tbody', 'tfoot', 'tr'])

function isBlankText(node: Node): boolean {
  return node.nodeName === '#text' && 'value' in node && node.value.trim() === ''
}

function printChildren(node: Node): string {
  const inLayout = isElement(node) && LAYOUT.has(node.tagName)
  const shown = inLayout
    ? childNodes(node).filter((child) => !isBlankText(child))
    : childNodes(node)
  return shown.map(printNode).join('')
}

/** The text a reader sees of `html`, as plain text with light structure. */
export function visibleText(html: string): string {
  return printChildren(parseFragment(html))
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
