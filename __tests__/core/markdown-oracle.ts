/**
 * What GitHub would act on in a comment, read with a second, independent
 * CommonMark + GFM parser (micromark, through mdast-util-from-markdown) —
 * not the one the sanitizer uses — so the tests are differential.
 *
 * - liveMentions: `@name` in rendered text (outside code and links), after
 *   character references are decoded; in raw HTML anywhere.
 * - fetchedImages: images GitHub's image proxy would load from a host
 *   other than GitHub (markdown images, and any `<img>`, `<picture>`,
 *   `<source>`, `<image>`, `<video>`, `<audio>` tag in raw HTML).
 * - htmlComments: HTML comments and other `<!`/`<?` markup in raw HTML,
 *   which hide what follows them.
 */
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { BOT_MARKER } from '../../src/core/names/marker.js'

interface MdNode {
  readonly type: string
  readonly value?: string
  readonly alt?: string | null
  readonly url?: string
  readonly identifier?: string
  readonly lang?: string | null
  readonly children?: readonly MdNode[]
}

export function parse(markdown: string): MdNode {
  return fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()]
  }) as MdNode
}

/** The text of a node as mdast-util-to-string gives it: values, alt texts, children. */
export function nodeText(node: MdNode): string {
  return node.value ?? node.alt ?? (node.children ?? []).map(nodeText).join('')
}

/** The text a reader sees (no markup), without the sanitizer's word joiners. */
export function shownText(markdown: string): string {
  return nodeText(parse(markdown)).replace(/\u2060/g, '')
}

/** How many top-level code blocks tagged `rmcoc` the text has (the bot's state block). */
export function topLevelRmcocBlocks(markdown: string): number {
  return (parse(markdown).children ?? []).filter((n) => n.type === 'code' && n.lang === 'rmcoc')
    .length
}

/** Decodes the references HTML decodes, with or without ";" for numeric ones. */
export function decodeReferences(text: string): string {
  return text
    .replace(/&#[xX]([0-9A-Fa-f]{1,6});?/g, (_m, hex: string) => safeChar(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]{1,7});?/g, (_m, dec: string) => safeChar(Number.parseInt(dec, 10)))
    .replace(/&commat;/g, '@')
    .replace(/&amp;?/g, '&')
}

function safeChar(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD'
}

/** GitHub's mention shape: an `@` after a non-word character, then a letter or digit. */
const MENTION = /(?:^|[^A-Za-z0-9_])@([A-Za-z0-9][A-Za-z0-9-]*(?:\/[A-Za-z0-9][\w.-]*)?)/g

function walk(node: MdNode, visit: (node: MdNode) => boolean): void {
  if (!visit(node)) return
  for (const child of node.children ?? []) walk(child, visit)
}

const SKIPPED = new Set(['code', 'inlineCode', 'link', 'linkReference', 'definition'])
const GITHUB_HOST = /^https:\/\/(?:github\.com|(?:[a-z0-9-]+\.)+githubusercontent\.com)[/?#]/i
const FETCHING_TAG = /<(?:img|image|picture|source|video|audio|input|iframe|embed|object|svg)\b/gi
/** The summary's own structure lines, kept as comments on purpose. */
const STRUCTURE_LINE = /^<!-- opencode-review:[a-z-]+(?: [a-z]+=[\w:.+-]+)* -->$/

export interface Findings {
  readonly mentions: string[]
  readonly images: string[]
  readonly comments: string[]
}

function mentionsIn(node: MdNode, inLink: boolean): string[] {
  if (inLink || node.type === 'definition') return []
  if (node.type === 'text')
    return Array.from((node.value ?? '').matchAll(MENTION), (m) => m[1] ?? '')
  if (node.type !== 'html') return []
  return Array.from(decodeReferences(node.value ?? '').matchAll(MENTION), (m) => m[1] ?? '')
}

function imagesIn(node: MdNode, definitions: ReadonlyMap<string, string>): string[] {
  const url =
    node.type === 'image'
      ? node.url
      : node.type === 'imageReference'
        ? definitions.get(node.identifier ?? '')
        : undefined
  const found = url !== undefined && !GITHUB_HOST.test(url) ? [url] : []
  if (node.type === 'html')
    found.push(...(decodeReferences(node.value ?? '').match(FETCHING_TAG) ?? []))
  return found
}

function commentsIn(node: MdNode): string[] {
  if (node.type !== 'html') return []
  return (node.value ?? '')
    .split('\n')
    .filter((line) => !STRUCTURE_LINE.test(line) && line !== BOT_MARKER)
    .flatMap((line) => line.match(/<[!?]/g) ?? [])
}

/** Everything GitHub would act on, from one parse (see the file comment). */
export function findings(markdown: string): Findings {
  const tree = parse(markdown)
  const definitions = new Map<string, string>()
  walk(tree, (node) => {
    if (node.type === 'definition') definitions.set(node.identifier ?? '', node.url ?? '')
    return true
  })
  const result: Findings = { mentions: [], images: [], comments: [] }
  const visit = (node: MdNode, inLink: boolean): void => {
    if (node.type === 'code' || node.type === 'inlineCode') return
    result.mentions.push(...mentionsIn(node, inLink))
    result.images.push(...imagesIn(node, definitions))
    result.comments.push(...commentsIn(node))
    const link = inLink || SKIPPED.has(node.type)
    for (const child of node.children ?? []) visit(child, link)
  }
  visit(tree, false)
  return result
}

export const liveMentions = (markdown: string): string[] => findings(markdown).mentions
export const fetchedImages = (markdown: string): string[] => findings(markdown).images
export const htmlComments = (markdown: string): string[] => findings(markdown).comments

/** Characters that do not show (other than the sanitizer's own joiner after an `@`). */
export function hiddenCharacters(text: string): string[] {
  const withoutJoiners = text.replace(/(@|&#0*64;?|&#[xX]0*40;?|&commat;)\u2060/g, '$1')
  return (
    withoutJoiners
      .match(/[\p{Default_Ignorable_Code_Point}]/gu)
      ?.filter((c) => !/[\uFE0E\uFE0F]/.test(c)) ?? []
  )
}
