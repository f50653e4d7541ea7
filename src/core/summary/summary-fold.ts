/**
 * The earlier runs, folded under the new run in the one summary comment:
 * one `<details>` for all of them, newest first, each run in its own
 * `<details>` whose summary line names its head and verdict. The history is
 * bounded by a count and a character budget, and gives way first when the
 * comment is full: older runs are dropped whole (a cut would break the
 * structure the next run reads), with a line saying how many.
 */
import {
  HISTORY_END_LINE,
  RUN_END_LINE,
  historyLine,
  runLine,
  type EarlierRun,
  type EarlierRuns,
  type RunMeta
} from './summary-history.js'
import { VERDICT_TITLES } from './summary-sections.js'
import { plural, shortSha } from './summary-text.js'

export const MAX_EARLIER_RUNS = 10
/** Room the history takes at most, even when the comment has more. */
export const HISTORY_CHARS = 30_000

/** Built from validated fields only: nothing untrusted reaches the HTML line. */
function runTitle(meta: RunMeta): string {
  const head = meta.head === undefined ? undefined : shortSha(meta.head)
  const parts = [head === undefined ? 'Earlier run' : `Run on <code>${head}</code>`]
  if (meta.verdict !== undefined) parts.push(VERDICT_TITLES[meta.verdict])
  if (meta.at !== undefined) {
    const iso = new Date(meta.at).toISOString()
    parts.push(`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`)
  }
  return parts.join(' · ')
}

function renderRun(run: EarlierRun): string {
  return [
    runLine(run.meta),
    `<details><summary>${runTitle(run.meta)}</summary>`,
    '',
    run.body,
    '',
    '</details>',
    RUN_END_LINE
  ].join('\n')
}

function droppedNote(dropped: number): string {
  return `_${plural(dropped, 'older run is', 'older runs are')} not shown: this comment keeps at most ${MAX_EARLIER_RUNS} earlier runs, within GitHub’s size limit._`
}

/** The fold with the newest `keep` runs; '' when there is nothing to show or count. */
export function renderHistory(earlier: EarlierRuns, keep: number): string {
  const shown = earlier.runs.slice(0, keep)
  const dropped = earlier.dropped + earlier.runs.length - shown.length
  if (shown.length === 0) {
    return dropped === 0
      ? ''
      : [historyLine(dropped), '', droppedNote(dropped), '', HISTORY_END_LINE].join('\n')
  }
  return [
    historyLine(dropped),
    `<details><summary>Earlier runs (${shown.length})</summary>`,
    '',
    shown.map(renderRun).join('\n\n'),
    ...(dropped === 0 ? [] : ['', droppedNote(dropped)]),
    '',
    '</details>',
    HISTORY_END_LINE
  ].join('\n')
}

/**
 * `current` followed by as many earlier runs as `fits` accepts (newest
 * first, at most MAX_EARLIER_RUNS and HISTORY_CHARS). When not even the
 * count of dropped runs fits, the current run stands alone.
 */
export function withHistory(
  current: string,
  earlier: EarlierRuns,
  fits: (text: string) => boolean
): string {
  let keep = Math.min(MAX_EARLIER_RUNS, earlier.runs.length)
  while (keep > 0 && renderHistory(earlier, keep).length > HISTORY_CHARS) keep -= 1
  for (; keep >= 0; keep -= 1) {
    const history = renderHistory(earlier, keep)
    const text = history === '' ? current : `${current}\n\n${history}`
    if (fits(text)) return text
  }
  return current
}
