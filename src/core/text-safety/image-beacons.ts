/**
 * Markdown images in an outgoing comment. GitHub's image proxy fetches each
 * image the first time the comment is shown, so an image on another host is
 * a beacon: data in its URL leaves without anyone clicking. Images hosted by
 * GitHub itself (github.com and *.githubusercontent.com, over https, no user
 * name or port) become a plain link to the image; any other becomes its
 * alt text, as plain text (markdown-inline.ts, html-text.ts).
 */
const GITHUB_IMAGE =
  /^https:\/\/(?:github\.com|(?:[a-z0-9-]+\.)+githubusercontent\.com)(?:[/?#][^\s\\@]*)?$/i

/** True when the (normalized) image URL is served by GitHub. */
export function isGitHubHosted(src: string): boolean {
  return GITHUB_IMAGE.test(src)
}

/** Shown for an image whose alt text is empty, so the line keeps some text. */
export const NO_ALT = 'image'
