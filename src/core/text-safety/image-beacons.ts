/**
 * Markdown images in an outgoing comment. GitHub's image proxy fetches each
 * image the first time the comment is shown, so an image on another host is
 * a beacon: data in its URL leaves without anyone clicking. Images hosted by
 * GitHub itself (github.com and *.githubusercontent.com, over https, no user
 * name or port) stay; any other becomes its alt text, as plain text.
 * (HTML images are handled in html-guard.ts.)
 */
import { WORD_JOINER } from './hidden-characters.js'

const GITHUB_IMAGE =
  /^https:\/\/(?:github\.com|(?:[a-z0-9-]+\.)+githubusercontent\.com)(?:[/?#][^\s\\@]*)?$/i

/** True when the (normalized) image URL is served by GitHub. */
export function isGitHubHosted(src: string): boolean {
  return GITHUB_IMAGE.test(src)
}

/** Shown for an image whose alt text is empty, so the line keeps some text. */
export const NO_ALT = 'image'

/**
 * The alt text as markdown that renders as exactly that text: one line,
 * every ASCII punctuation character backslash-escaped (so it can open no
 * link, image, code span, emphasis or HTML). Its mentions are left to the
 * next reading, which sees it in place (replacing an image is an edit that
 * is always read again).
 */
export function plainAltText(alt: string): string {
  const line = alt.replace(new RegExp(WORD_JOINER, 'g'), '').replace(/\s+/g, ' ').trim()
  return (line === '' ? NO_ALT : line).replace(/[!-/:-@[-`{-~]/g, '\\$&')
}
