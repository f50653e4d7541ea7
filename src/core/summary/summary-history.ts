/**
 * Reading the earlier runs out of the previous summary comment, so the one
 * summary comment per PR can fold them under the new run.
 *
 * The structure is marked with HTML comments on lines of their own (the
 * sanitizer leaves HTML comments alone, and GitHub does not show them). The
 * bot's text puts model output only in block quotes or on list lines, so a
 * marker line at the start of a line is the bot's. The previous body is
 * still untrusted (a maintainer can edit the comment, an older version wrote
 * another layout): what the markers carry is validated, unknown text is
 * kept only as a run's body, and every body is defused before it is shown
 * again (see foldRunBody).
 */
import { BOT_MARKER } from '../names/marker.js'
import { joinFences, openFenceCloser, splitFences } from '../text-safety/markdown-fences.js'
import { parseRmcoc } from '../memory/rmcoc.js'
import { sanitizeComment } from '../text-safety/sanitize.js'
import { VERDICT_HEADING, VERDICT_TITLES } from './summary-sections.js'
import type { Verdict } from '../findings/verdict.js'

/** Longest body kept for one earlier run; a longer one is shortened once, when first folded. */
export const EARLIER_RUN_CHARS = 8_000

export interface RunMeta {
  /** Full commit SHA of the head the run reviewed. */
  readonly head?: string
  readonly verdict?: Verdict
  /** ISO 8601 time the run finished. */
  readonly at?: string
}

export interface EarlierRun {
  readonly meta: RunMeta
  /** The run's own markdown (no history, no record), defused and shortened. */
  readonly body: string
}

export interface EarlierRuns {
  /** Newest first. */
  readonly runs: readonly EarlierRun[]
  /** Runs already dropped from the comment by earlier folds. */
  readonly dropped: number
}

const HEAD = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/
const VERDICTS = Object.keys(VERDICT_TITLES) as Verdict[]

const RUN_LINE_PREFIX = '<!-- opencode-review:run'
const RUN_LINE = /^<!-- opencode-review:run((?: [a-z]+=\S+)*) -->$/
export const RUN_END_LINE = '<!-- opencode-review:run-end -->'
const HISTORY_LINE = /^<!-- opencode-review:history(?: dropped=(\d{1,6}))? -->$/
export const HISTORY_END_LINE = '<!-- opencode-review:history-end -->'
/** The record's fence, as formatBotComment writes it after the text. */
const RECORD_FENCE = /^```rmcoc[ \t]*$/

/** Opens the fold; it carries how many runs earlier folds dropped. */
export function historyLine(dropped: number): string {
  return dropped > 0
    ? `<!-- opencode-review:history dropped=${Math.min(dropped, 999_999)} -->`
    : '<!-- opencode-review:history -->'
}

/** Only fields that validate are written, so reading one back needs no trust. */
export function runLine(meta: RunMeta): string {
  const fields = [
    meta.head !== undefined && HEAD.test(meta.head) ? ` head=${meta.head}` : '',
    meta.verdict !== undefined && VERDICTS.includes(meta.verdict) ? ` verdict=${meta.verdict}` : '',
    meta.at !== undefined && TIME.test(meta.at) ? ` at=${meta.at}` : ''
  ]
  return `${RUN_LINE_PREFIX}${fields.join('')} -->`
}

function readRunLine(line: string): RunMeta | undefined {
  const match = RUN_LINE.exec(line)
  if (match === null) return undefined
  const fields = new Map(
    (match[1] ?? '')
      .trim()
      .split(' ')
      .filter((field) => field !== '')
      .map((field) => field.split('=', 2) as [string, string])
  )
  const head = fields.get('head')
  const verdict = fields.get('verdict') as Verdict | undefined
  const at = fields.get('at')
  return {
    ...(head !== undefined && HEAD.test(head) ? { head } : {}),
    ...(verdict !== undefined && VERDICTS.includes(verdict) ? { verdict } : {}),
    ...(at !== undefined && TIME.test(at) && !Number.isNaN(Date.parse(at)) ? { at } : {})
  }
}

/** The verdict a run's heading names, for bodies written before the run lines existed. */
function headingVerdict(lines: readonly string[]): Verdict | undefined {
  const heading = lines.find((line) => line.startsWith(VERDICT_HEADING))
  const title = heading?.slice(VERDICT_HEADING.length).trim()
  return VERDICTS.find((verdict) => VERDICT_TITLES[verdict] === title)
}

/**
 * Characters that start HTML able to swallow or close the fold's own
 * structure: comments and other `<!`/`<?` constructs (they hide everything
 * to their end), and details/summary tags (a stray close tag ends a fold
 * early, even from inside a block quote).
 */
const STRUCTURE_HTML = /<(?=[!?]|\/?(?:details|summary)\b)/gi

/**
 * An earlier run's body as it may be shown inside the fold: sanitized first
 * (the sanitizer's own rewrites, such as a neutralized rmcoc fence inside a
 * code block, can move where a fence ends, so fences are judged after them),
 * structural HTML escaped outside code blocks, shortened at a line end when
 * too long, and with any fence left open closed, so nothing in it reaches
 * past its fold. Idempotent, so a run folded again and again does not change.
 */
export function foldRunBody(text: string, secrets: readonly string[] = []): string {
  const sanitized = sanitizeComment({ text, secrets, maxChars: Number.MAX_SAFE_INTEGER })
  const defused = joinFences(
    splitFences(sanitized).map((segment) =>
      segment.kind === 'text'
        ? { kind: 'text', text: segment.text.replace(STRUCTURE_HTML, '&lt;') }
        : segment
    )
  ).trim()
  let body = defused
  let note = ''
  if (body.length > EARLIER_RUN_CHARS) {
    // Room for a closing fence and the note; end on a whole line when there is one.
    let cut = body.lastIndexOf('\n', EARLIER_RUN_CHARS - 200)
    if (cut <= 0) cut = EARLIER_RUN_CHARS - 200
    const code = body.charCodeAt(cut - 1)
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1
    body = body.slice(0, cut).trimEnd()
    note = '\n\n_… shortened to fit the comment._'
  }
  const closer = openFenceCloser(body)
  return `${closer === undefined ? body : `${body}\n${closer}`}${note}`
}

/** The text before the record: the record fence (the last one), `---` and the marker removed. */
function textBeforeRecord(body: string): string[] {
  let text = body.replace(/\r\n?/g, '\n')
  while (text.includes(BOT_MARKER)) text = text.split(BOT_MARKER).join('')
  const lines = text.split('\n')
  const fence = lines.findLastIndex((line) => RECORD_FENCE.test(line))
  const kept = fence === -1 ? lines : lines.slice(0, fence)
  while (kept.length > 0 && /^\s*(?:---)?\s*$/.test(kept.at(-1) ?? '')) kept.pop()
  return kept
}

/** Drops the fold's own wrapper lines around an entry's body. */
function unwrapEntry(lines: readonly string[]): string {
  const body = lines.join('\n').trim().split('\n')
  if (/^<details><summary>.*<\/summary>$/.test(body[0] ?? '')) body.shift()
  if (body.at(-1) === '</details>') body.pop()
  return body.join('\n')
}

function historyEntries(lines: readonly string[], secrets: readonly string[]): EarlierRun[] {
  const entries: { meta: RunMeta; lines: string[] }[] = []
  let open: { meta: RunMeta; lines: string[] } | undefined
  for (const line of lines) {
    const meta = readRunLine(line)
    if (meta !== undefined) {
      open = { meta, lines: [] }
      entries.push(open)
    } else if (line === RUN_END_LINE) {
      open = undefined
    } else {
      open?.lines.push(line)
    }
  }
  return entries.map((entry) => ({
    meta: entry.meta,
    body: foldRunBody(unwrapEntry(entry.lines), secrets)
  }))
}

/**
 * The runs a previous summary comment holds, newest first: its own run on
 * top, then the runs it had folded (flattened, never nested deeper).
 */
export function readEarlierRuns(
  previousBody: string,
  secrets: readonly string[] = []
): EarlierRuns {
  const lines = textBeforeRecord(previousBody)
  const start = lines.findIndex((line) => HISTORY_LINE.test(line))
  const end = start === -1 ? -1 : lines.indexOf(HISTORY_END_LINE, start + 1)
  const top = start === -1 ? lines : lines.slice(0, start)
  const history = start === -1 ? [] : lines.slice(start + 1, end === -1 ? undefined : end)
  const dropped = Number(HISTORY_LINE.exec(lines[start] ?? '')?.[1] ?? 0)

  const first = top.findIndex((line) => line.trim() !== '')
  const marked = readRunLine(top[first] ?? '')
  const ownLines = marked === undefined ? top : top.slice(first + 1)
  const record = parseRmcoc(previousBody)
  const recordHead =
    record.ok && record.block.kind === 'summary' ? record.block.head_sha : undefined
  const verdict = marked?.verdict ?? headingVerdict(ownLines)
  const head = marked?.head ?? recordHead
  const meta: RunMeta = {
    ...(head === undefined ? {} : { head }),
    ...(verdict === undefined ? {} : { verdict }),
    ...(marked?.at === undefined ? {} : { at: marked.at })
  }
  const own = foldRunBody(ownLines.join('\n'), secrets)
  return {
    runs: [...(own === '' ? [] : [{ meta, body: own }]), ...historyEntries(history, secrets)],
    dropped
  }
}
