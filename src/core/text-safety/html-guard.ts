/**
 * Raw HTML in an outgoing comment. GitHub passes it through its own HTML
 * sanitizer, which still lets through what matters here: `<img>`,
 * `<picture>`/`<source srcset>` (fetched by GitHub's image proxy when the
 * comment is first shown, so a URL can carry data out without a click) and
 * comments (`<!--` hides everything up to `-->`, or to the end of the
 * comment when there is none — the rmcoc block included).
 *
 * So only formatting tags on an allowlist keep their `<`; every other `<`
 * that starts markup (an unknown or fetching tag, a comment, `<!`, `<?`,
 * `</` + junk) becomes `&lt;` and shows as text. Mentions inside HTML are
 * defused wherever they are: backticks there are literal, and the text is
 * decoded before GitHub looks for mentions.
 *
 * Kept on purpose, when such a line stands alone from its first column: the
 * summary's structure lines (`<!-- opencode-review:… -->`, which
 * summary-history.ts writes into the text before it is sanitized) and the
 * bot's marker (sanitizeComment removes forged ones from the human part
 * first). They hide nothing but themselves.
 */
import { WORD_JOINER } from './hidden-characters.js'
import { BOT_MARKER } from '../names/marker.js'
import { allMentionInserts } from './mentions.js'
import { insertion, type Edit } from './text-edits.js'

/** Tags that format text and load nothing. `pre`, `script`, `style` and `textarea` are left out: their block runs to its closing tag, across the rest of the comment. */
const ALLOWED_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'tt',
  'u',
  'ul',
  'var'
])

/** A structure line of the summary comment, as a whole line. */
const SUMMARY_STRUCTURE_LINE =
  /^<!-- opencode-review:[a-z]+(?:-[a-z]+)*(?: [a-z]+=[A-Za-z0-9_:.+-]+)* -->$/

/** True for a line that is one of the bot's own comments, whole. */
export function isStructureLine(line: string): boolean {
  return line === BOT_MARKER || SUMMARY_STRUCTURE_LINE.test(line)
}

/** An opening or closing tag name right at the `<` (HTML ends the name at space, `/` or `>`). */
const TAG = /<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)/y

function isAllowedTag(text: string, at: number): boolean {
  TAG.lastIndex = at
  const name = TAG.exec(text)?.[1]
  return name !== undefined && ALLOWED_TAGS.has(name.toLowerCase())
}

/** `&lt;` for each `<` that does not open an allowed tag, and word joiners for mentions. */
export function htmlEdits(html: string, offset: number): Edit[] {
  const edits: Edit[] = []
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    if (!isAllowedTag(html, at)) edits.push({ at: offset + at, remove: 1, insert: '&lt;' })
  }
  for (const at of allMentionInserts(html)) edits.push(insertion(offset + at, WORD_JOINER, true))
  return edits
}

/** htmlEdits for the lines of an HTML block, skipping the summary's structure lines. */
export function htmlBlockEdits(
  text: string,
  starts: readonly number[],
  first: number,
  end: number
): Edit[] {
  const edits: Edit[] = []
  for (let line = first; line < end; line += 1) {
    const start = starts[line] ?? text.length
    const stop = line + 1 < starts.length ? (starts[line + 1] ?? text.length) - 1 : text.length
    const content = text.slice(start, stop)
    if (!isStructureLine(content)) edits.push(...htmlEdits(content, start))
  }
  return edits
}
