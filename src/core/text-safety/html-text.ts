/**
 * Raw HTML in model text is printed as the text it is written as, never as
 * markup: GitHub would render tags, comments (which hide everything after
 * them, the rmcoc block included) and images (fetched by its image proxy:
 * a URL can carry data out without a click). One exception each way:
 *
 * - an `<img>` becomes a plain link when GitHub hosts the image, and its
 *   alt text otherwise;
 * - where the caller composed the text itself (the summary, model text
 *   quoted), the summary's structure lines, its fold's `<details>` lines
 *   and the bot's marker, each alone on a top-level line, stay as they
 *   are: they hide nothing but themselves.
 */
import { BOT_MARKER } from '../names/marker.js'
import { isGitHubHosted, NO_ALT } from './image-beacons.js'
import type { InlineOut } from './inline-out.js'
import { printLink } from './markdown-links.js'
import { unescapeAll } from './markdown-parse.js'
import { printText } from './markdown-text.js'

/** A structure line of the summary comment, as a whole line. */
const SUMMARY_STRUCTURE_LINE =
  /^<!-- opencode-review:[a-z]+(?:-[a-z]+)*(?: [a-z]+=[A-Za-z0-9_:.+-]+)* -->$/

/** The summary's fold of earlier runs: its own `<details>` lines, built from validated fields. */
const FOLD_LINE =
  /^(?:<details><summary>[^<>&]*(?:<code>[0-9a-f]{1,40}<\/code>[^<>&]*)?<\/summary>|<\/details>)$/

/** True for a line that is one of the bot's own structure lines, whole. */
export function isStructureLine(line: string): boolean {
  return line === BOT_MARKER || SUMMARY_STRUCTURE_LINE.test(line) || FOLD_LINE.test(line)
}

const IMG = /<img\b[^>]*>/gi

function attribute(tag: string, name: string): string {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i').exec(
    tag
  )
  return unescapeAll(match?.[1] ?? match?.[2] ?? match?.[3] ?? '')
}

/** Prints `html` as text, its `<img>` tags as links or alt text (see the file comment). */
export function htmlAsText(html: string, defuse: boolean, out: InlineOut): void {
  let cursor = 0
  for (const match of html.matchAll(IMG)) {
    out.plain(html.slice(cursor, match.index), defuse)
    const alt = attribute(match[0], 'alt').replace(/\s+/g, ' ').trim()
    const shown = alt === '' ? NO_ALT : alt
    const src = attribute(match[0], 'src')
    if (defuse && isGitHubHosted(src)) printLink(printText(shown, false), src, undefined, out)
    else out.plain(shown, defuse)
    cursor = match.index + match[0].length
  }
  out.plain(html.slice(cursor), defuse)
}
