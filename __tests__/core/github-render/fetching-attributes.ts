/**
 * The URLs an element would load when shown: anything a browser (or
 * GitHub's image proxy) fetches by itself, without a click. A URL counts
 * when it resolves, against a comment's page, to an http(s) address on a
 * host other than github.com or *.githubusercontent.com; other schemes
 * (data:, javascript:, mailto:) fetch from no host.
 */
import type { DefaultTreeAdapterMap } from 'parse5'

type Element = DefaultTreeAdapterMap['element']

const PAGE = 'https://github.com/owner/repo/pull/1'
const GITHUB_HOST = /^(?:github\.com|(?:[a-z0-9-]+\.)*githubusercontent\.com)$/i

const TABLE_BACKGROUND = ['background']
const SVG_REFERENCE = ['href', 'xlink:href']

/** Which attributes load, per element (names lower-cased). */
const LOADING: Readonly<Record<string, readonly string[]>> = {
  img: ['src', 'srcset', 'lowsrc', 'dynsrc'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  input: ['src'],
  embed: ['src'],
  iframe: ['src'],
  frame: ['src'],
  script: ['src'],
  object: ['data', 'codebase', 'archive'],
  applet: ['code', 'codebase', 'archive'],
  link: ['href', 'imagesrcset'],
  image: SVG_REFERENCE,
  use: SVG_REFERENCE,
  feimage: SVG_REFERENCE,
  body: TABLE_BACKGROUND,
  table: TABLE_BACKGROUND,
  thead: TABLE_BACKGROUND,
  tbody: TABLE_BACKGROUND,
  tfoot: TABLE_BACKGROUND,
  tr: TABLE_BACKGROUND,
  td: TABLE_BACKGROUND,
  th: TABLE_BACKGROUND
}

export function isOutside(url: string): boolean {
  let resolved: URL
  try {
    resolved = new URL(url.trim(), PAGE)
  } catch {
    return false
  }
  if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') return false
  return !GITHUB_HOST.test(resolved.hostname)
}

/** srcset: candidates are URLs followed by width/density descriptors, separated by commas. */
function srcsetUrls(value: string): string[] {
  return value
    .split(/\s+/)
    .map((token) => token.replace(/^,+|,+$/g, ''))
    .filter((token) => token !== '' && !/^\d+(?:\.\d+)?[wxh]$/i.test(token))
}

/** CSS properties whose url() the browser loads to show the element. */
const LOADING_PROPERTY =
  /^\s*(?:-webkit-)?(?:background(?:-image)?|list-style(?:-image)?|border-image(?:-source)?|content|cursor|mask(?:-image)?|filter|shape-outside)\s*:/i

/** url() in the value of a declaration of a property that loads it. */
function styleUrls(value: string): string[] {
  return value
    .split(';')
    .filter((declaration) => LOADING_PROPERTY.test(declaration))
    .flatMap((declaration) =>
      Array.from(declaration.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi), (m) => m[2] ?? '')
    )
}

function attributeUrls(element: Element, name: string, value: string): string[] {
  if (name === 'style') return styleUrls(value)
  if (!LOADING[element.tagName.toLowerCase()]?.includes(name)) return []
  return name.endsWith('srcset') ? srcsetUrls(value) : [value]
}

/** The outside URLs `element` would load. */
export function fetchedUrls(element: Element): string[] {
  return element.attrs
    .flatMap((attr) =>
      attributeUrls(
        element,
        attr.prefix === undefined ? attr.name : `${attr.prefix}:${attr.name}`,
        attr.value
      )
    )
    .filter(isOutside)
}
