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

/** Attributes that load on any element. */
const LOADING_ANYWHERE = new Set(['src', 'srcset', 'poster', 'background', 'lowsrc', 'dynsrc'])

/** Attributes that load on some elements only. */
const LOADING_ON: Readonly<Record<string, readonly string[]>> = {
  object: ['data', 'codebase', 'archive'],
  applet: ['code', 'codebase', 'archive'],
  link: ['href'],
  image: ['href'],
  use: ['href'],
  feimage: ['href'],
  input: ['src']
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

function styleUrls(value: string): string[] {
  return Array.from(value.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi), (m) => m[2] ?? '')
}

function attributeUrls(element: Element, name: string, value: string): string[] {
  const local = name.replace(/^xlink:/, '')
  if (local === 'style') return styleUrls(value)
  if (name === 'srcset' || name === 'imagesrcset') return srcsetUrls(value)
  if (LOADING_ANYWHERE.has(local)) return [value]
  if (LOADING_ON[element.tagName.toLowerCase()]?.includes(local)) return [value]
  return []
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
