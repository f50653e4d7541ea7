/**
 * What a person reading a rendered comment on GitHub can see, from
 * cmark-gfm's HTML read with parse5: text nodes, and the targets of links
 * and images (shown on hover, or as the picture). Not shown: HTML comments,
 * attribute values (alt, title, aria-*, data-*, ...), and anything inside an
 * element whose text a browser never displays (a live script or style, a
 * template, noscript). Kept on the strict side: where GitHub might show a
 * text, it counts as hidden, so the inbound check never passes by luck.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'

type Node = DefaultTreeAdapterMap['node']

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
  'math'
])

/** Attributes whose value a reader reaches: a link's or an image's target. */
const SHOWN_ATTRIBUTES = new Set(['href', 'src'])

function collect(node: Node, out: string[]): void {
  if (node.nodeName === '#text' && 'value' in node) {
    out.push(node.value)
    return
  }
  if (!('childNodes' in node)) return
  if ('tagName' in node) {
    if (NEVER_SHOWN.has(node.tagName)) return
    for (const attr of node.attrs) if (SHOWN_ATTRIBUTES.has(attr.name)) out.push(` ${attr.value} `)
  }
  for (const child of node.childNodes) collect(child, out)
}

/** The text a reader can see in `html`, pieces separated by spaces. */
export function displayedText(html: string): string {
  const out: string[] = []
  collect(parseFragment(html), out)
  return out.join(' ')
}
