/**
 * Markup that GitHub renders without showing its text: the alt text of an
 * image (the picture is shown instead), a link's title (a hover tooltip) and
 * HTML attribute values (alt, title, aria-*, data-*, placeholder). A person
 * reviewing the PR never reads them, so the model must not either: they are
 * where instructions hide. The visible parts (link text, the image's target)
 * stay. Linear: every pattern is bounded, nothing backtracks across lines.
 */

/** `![alt](target "title")` → `![](target)`; a reference image `![alt][ref]` → `![][ref]`. */
const IMAGE_ALT = /!\[[^\]\n]{0,2000}\](?=[([])/g

/** The optional title of an inline link or image: `(target "title")`, `'title'` or `(title)`. */
const LINK_TITLE =
  /(\]\(\s{0,8}<?[^\s()<>]{0,2000}>?)\s{1,8}(?:"[^"\n]{0,2000}"|'[^'\n]{0,2000}'|\([^()\n]{0,2000}\))\s{0,8}\)/g

/** A reference definition's title: `[ref]: target "title"`. */
const DEFINITION_TITLE =
  /^( {0,3}\[[^\]\n]{1,999}\]:\s{0,8}\S{1,2000})\s{1,8}(?:"[^"\n]{0,2000}"|'[^'\n]{0,2000}'|\([^()\n]{0,2000}\))\s*$/gm

/** An HTML start tag; its attributes are filtered one by one. */
const START_TAG = /<([A-Za-z][A-Za-z0-9-]{0,30})(\s[^<>]{0,4000})?>/g

/** One attribute: name, and an optional quoted or bare value. */
const ATTRIBUTE = /\s+([^\s"'<>/=]{1,100})(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g

/** Attributes whose value is not displayed as text. */
const HIDDEN_ATTRIBUTE =
  /^(?:alt|title|placeholder|aria-[a-z-]+|data-[\w.:-]*|label|summary|content)$/i

function keepVisibleAttributes(attributes: string): string {
  return attributes.replace(ATTRIBUTE, (whole, name: string) =>
    HIDDEN_ATTRIBUTE.test(name) ? '' : whole
  )
}

export function stripHiddenMarkup(text: string): string {
  return text
    .replace(IMAGE_ALT, '![]')
    .replace(LINK_TITLE, '$1)')
    .replace(DEFINITION_TITLE, '$1')
    .replace(
      START_TAG,
      (_whole, tag: string, attributes: string | undefined) =>
        `<${tag}${attributes === undefined ? '' : keepVisibleAttributes(attributes)}>`
    )
}
