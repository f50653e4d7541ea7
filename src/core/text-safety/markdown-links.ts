/**
 * The links the printer writes: to http(s) URLs, e-mail addresses and
 * paths in the repository (no scheme, not `//host`). A bare URL or e-mail
 * address the parser linked is written as an autolink (`<…>`), which every
 * reader takes whole; any other link as `[text](destination)`, its text
 * already printed and its destination escaped so it cannot end early. A
 * link's title (a tooltip) is not written.
 */
import type { InlineOut } from './inline-out.js'
import { printDestination } from './markdown-text.js'

const WEB = /^https?:\/\//i
const MAIL = /^mailto:/i
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/
/** `//host` and `/\host` leave the repository (browsers read a backslash as a slash). */
const OTHER_HOST = /^[\\/]{2}/

/** True for the destinations a link may keep. */
export function isAllowedHref(href: string): boolean {
  if (WEB.test(href) || MAIL.test(href)) return true
  return !SCHEME.test(href) && !OTHER_HOST.test(href)
}

/** An autolink may hold these URLs as they are (no escapes are read inside one; a reference would be, by some readers). */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const ANGLE_URL = /^https?:\/\/[^\s<>\\&\u0000-\u001f\u007f]+$/i
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** The autolink for a link whose shown text is its URL (or address), if one can hold it. */
function autolink(text: string, href: string): string | undefined {
  if (text === href && ANGLE_URL.test(href)) return `<${href}>`
  if (MAIL.test(href) && href.slice('mailto:'.length) === text && EMAIL.test(text))
    return `<${text}>`
  return undefined
}

/**
 * Writes a link. `autoText`: the text a bare URL or address showed (the
 * parser linked it); such a link is kept an autolink where one can hold it,
 * but not at the start of a line, where `<` could open an HTML block.
 */
export function printLink(
  printedText: string,
  href: string,
  autoText: string | undefined,
  out: InlineOut
): void {
  const auto = autoText === undefined || out.atLineStart() ? undefined : autolink(autoText, href)
  out.markup(auto ?? `[${printedText}](${printDestination(href)})`)
}
