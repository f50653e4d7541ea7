/**
 * Dismissing a finding that has no thread: one published only in the run
 * summary (past max_comments, say). Such a finding lives in the run record's
 * summary block, carried from run to run with its status, so the dismissal
 * is written there: the finding's record becomes RESOLVED as the
 * developer's call, which the next run reads like a thread closed that way
 * and carries forward. Only the block's JSON changes; the readable text
 * around it stays as it was.
 */
import { RMCOC_FENCE, rmcocBlockSchema } from '../core/memory/rmcoc.js'
import { LocalUsageError } from './local-usage-error.js'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `text` with the summary-only finding `recordId` of its run record marked
 * dismissed; undefined when the text carries no summary block listing it.
 */
export function dismissInRecord(text: string, recordId: string): string | undefined {
  const last = [...text.matchAll(RMCOC_FENCE)].at(-1)
  if (last === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(last[1] ?? '')
  } catch {
    return undefined
  }
  if (!isObject(json) || json['kind'] !== 'summary' || !Array.isArray(json['findings'])) {
    return undefined
  }
  const record = json['findings'].find((entry) => isObject(entry) && entry['id'] === recordId)
  if (!isObject(record)) return undefined
  if ('sig' in json) {
    // Re-signing needs the state_key, which only a review run holds.
    throw new LocalUsageError(
      `finding ${recordId} is recorded in a run record signed with state_key, which dismiss cannot re-sign; fix it instead`
    )
  }
  record['status'] = 'RESOLVED'
  record['resolution'] = 'developers-call'
  // What is written must still be a block the next run accepts.
  rmcocBlockSchema.parse(json)
  const start = last.index ?? 0
  const block = '```rmcoc\n' + JSON.stringify(json, null, 2) + '\n```'
  return text.slice(0, start) + block + text.slice(start + last[0].length)
}
