/**
 * What GitHub would act on in a rendered comment, read from cmark-gfm's HTML
 * with a real HTML tokenizer and tree builder (parse5), as a browser and
 * GitHub's pipeline read it:
 *
 * - mention: a live `@login` or `@org/team` by GitHub's rule (mention-rule.ts);
 * - outside-fetch: an element that loads from a host other than github.com or
 *   *.githubusercontent.com (fetching-attributes.ts: img, source, video,
 *   audio, input, object, embed, iframe, link, svg image/use, table
 *   backgrounds, url() in a style declaration);
 * - html-comment: any HTML comment (bogus ones from `<?`, `<!`, `</ ` too),
 *   which hides what it holds; a bot comment's own marker at its very end
 *   excepted;
 * - raw-element: a live script, iframe, style, textarea, title, xmp,
 *   noembed, noframes or plaintext element (tagfilter escapes the ones it
 *   sees; a live one got past it);
 * - hidden-character: an invisible or bidi character in displayed text
 *   (text nodes, alt and title); U+2060 WORD JOINER, the sanitizer's own
 *   defuser, is allowed, and so is one presentation selector after a
 *   visible character (emoji);
 * - rmcoc: for a bot comment, the state block is a top-level code block with
 *   the same JSON, followed only by the marker, and there is no other one.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'
import { MENTION_IGNORE_PARENTS, mentionsInText } from './mention-rule.js'
import { fetchedUrls } from './fetching-attributes.js'

type Node = DefaultTreeAdapterMap['node']
type Element = DefaultTreeAdapterMap['element']

export const CHECKS = [
  'mention',
  'outside-fetch',
  'html-comment',
  'raw-element',
  'hidden-character',
  'rmcoc'
] as const
export type Check = (typeof CHECKS)[number]

export interface Finding {
  readonly check: Check
  readonly detail: string
}

/** What a bot comment must end with: its state block and its marker. */
export interface BotCommentEnd {
  /** The block's JSON as composed. */
  readonly json: string
  /** The marker comment's text, e.g. ` review-my-code-bot `. */
  readonly marker: string
}

const RAW_ELEMENTS = new Set([
  'script',
  'iframe',
  'style',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext'
])

/* eslint-disable no-control-regex -- control characters are among what is looked for */
const HIDDEN =
  /[\p{Default_Ignorable_Code_Point}\p{Cf}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/gu
/* eslint-enable no-control-regex */
const HIDDEN_ONE = new RegExp(HIDDEN.source, 'u')
const ALLOWED_HIDDEN = '\u2060'
const SELECTORS = /[\uFE0E\uFE0F]/

function isElement(node: Node): node is Element {
  return 'tagName' in node
}

function children(node: Node): Node[] {
  const own = 'childNodes' in node ? node.childNodes : []
  return 'content' in node ? [...node.content.childNodes, ...own] : own
}

function hiddenIn(text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(HIDDEN)) {
    const char = m[0]
    if (char === ALLOWED_HIDDEN) continue
    const before = text[(m.index ?? 0) - 1] ?? ''
    if (SELECTORS.test(char) && before !== '' && !HIDDEN_ONE.test(before)) continue
    found.push(`U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`)
  }
  return found
}

function describe(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text)
}

interface Walk {
  readonly findings: Finding[]
  readonly ignoredMentionDepth: number
}

function inspectText(value: string, walk: Walk): void {
  if (walk.ignoredMentionDepth === 0) {
    for (const mention of mentionsInText(value))
      walk.findings.push({ check: 'mention', detail: `${mention} in ${describe(value)}` })
  }
  for (const char of hiddenIn(value))
    walk.findings.push({ check: 'hidden-character', detail: `${char} in ${describe(value)}` })
}

function inspectElement(element: Element, findings: Finding[]): void {
  if (RAW_ELEMENTS.has(element.tagName))
    findings.push({ check: 'raw-element', detail: `<${element.tagName}>` })
  for (const url of fetchedUrls(element))
    findings.push({ check: 'outside-fetch', detail: `<${element.tagName}> ${url}` })
  for (const attr of element.attrs) {
    if (attr.name !== 'alt' && attr.name !== 'title') continue
    for (const char of hiddenIn(attr.value))
      findings.push({ check: 'hidden-character', detail: `${char} in ${attr.name}=` })
  }
}

function visit(node: Node, walk: Walk, allowedComment: Node | undefined): void {
  if (node.nodeName === '#text' && 'value' in node) inspectText(node.value, walk)
  else if (node.nodeName === '#comment' && 'data' in node && node !== allowedComment)
    walk.findings.push({ check: 'html-comment', detail: `<!--${describe(node.data)}-->` })
  let inner = walk
  if (isElement(node)) {
    inspectElement(node, walk.findings)
    const ignored = MENTION_IGNORE_PARENTS.has(node.tagName) ? 1 : 0
    inner = { ...walk, ignoredMentionDepth: walk.ignoredMentionDepth + ignored }
  }
  for (const child of children(node)) visit(child, inner, allowedComment)
}

function isBlank(node: Node): boolean {
  return node.nodeName === '#text' && 'value' in node && node.value.trim() === ''
}

function textOf(node: Node): string {
  if ('value' in node && node.nodeName === '#text') return node.value
  return children(node).map(textOf).join('')
}

function isRmcocCode(node: Node): boolean {
  if (!isElement(node) || node.tagName !== 'code') return false
  return node.attrs.some(
    (a) => a.name === 'class' && a.value.split(/\s+/).includes('language-rmcoc')
  )
}

function allRmcocCodes(node: Node): Node[] {
  const own = isRmcocCode(node) ? [node] : []
  return [...own, ...children(node).flatMap(allRmcocCodes)]
}

function sameJson(text: string, json: string): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(JSON.parse(json))
  } catch {
    return false
  }
}

/**
 * Formatting elements the HTML parser reopens after a block (an unclosed
 * `<em>` in the text wraps what follows): they change the look, not what is
 * shown, so the state block may sit inside them.
 */
const REOPENED = new Set([
  'b',
  'big',
  'code',
  'em',
  'font',
  'i',
  'nobr',
  's',
  'small',
  'strike',
  'strong',
  'tt',
  'u'
])

/** Text nodes that show something, comments and empty elements, in document order. */
function leaves(node: Node): Node[] {
  if (isBlank(node)) return []
  const inner = children(node)
  if (inner.length === 0) return node.nodeName === '#document-fragment' ? [] : [node]
  return inner.flatMap(leaves)
}

function ancestors(node: Node): Element[] {
  const found: Element[] = []
  let up = 'parentNode' in node ? node.parentNode : null
  while (up !== null && isElement(up)) {
    found.push(up)
    up = up.parentNode
  }
  return found
}

/** Why the state block is not intact and last, if it is not. */
function rmcocProblem(fragment: Node, end: BotCommentEnd): string | undefined {
  const codes = allRmcocCodes(fragment)
  if (codes.length !== 1) return `${codes.length} rmcoc code blocks`
  const code = codes[0] as Element
  if (!sameJson(textOf(code), end.json)) return `the rmcoc JSON changed: ${describe(textOf(code))}`
  const up = ancestors(code)
  const pre = up.findIndex((e) => e.tagName === 'pre')
  if (pre < 0) return 'the rmcoc block is not a code block'
  const wrapper = up.find((e, i) => i !== pre && !REOPENED.has(e.tagName))
  if (wrapper !== undefined) return `the rmcoc block is inside <${wrapper.tagName}>`
  const all = leaves(fragment)
  const last = all.at(-2)
  if (last === undefined || !ancestors(last).includes(code))
    return `something follows the rmcoc block: ${describe(textOf(all.at(-2) ?? fragment))}`
  return undefined
}

/** The rmcoc check; returns the marker node when it is where it belongs. */
function inspectEnd(fragment: Node, end: BotCommentEnd, findings: Finding[]): Node | undefined {
  const marker = leaves(fragment).at(-1)
  const markerOk = marker?.nodeName === '#comment' && 'data' in marker && marker.data === end.marker
  if (!markerOk) findings.push({ check: 'rmcoc', detail: 'the marker is not the last node' })
  const problem = rmcocProblem(fragment, end)
  if (problem !== undefined) findings.push({ check: 'rmcoc', detail: problem })
  return markerOk ? marker : undefined
}

/** Everything GitHub would act on in `html`, cmark-gfm's rendering of a comment. */
export function inspectHtml(html: string, end?: BotCommentEnd): Finding[] {
  const fragment = parseFragment(html)
  const findings: Finding[] = []
  const marker = end === undefined ? undefined : inspectEnd(fragment, end, findings)
  const walk: Walk = { findings, ignoredMentionDepth: 0 }
  for (const child of fragment.childNodes) visit(child, walk, marker)
  return findings
}
