/**
 * What a run reviewed: the whole PR, or only what changed since the head the
 * last run reviewed. Shown under the verdict, so a reader knows whether an
 * approval covers the whole PR or only the latest push.
 */
import { oneLine, plural, shortSha } from './summary-text.js'

export type RunScope =
  | {
      readonly kind: 'full'
      /** Why the whole PR, e.g. "first review of this pull request". */
      readonly reason: string
    }
  | {
      readonly kind: 'incremental'
      /** The head the last run reviewed. */
      readonly from: string
      readonly changedFiles: number
      readonly unchangedFiles: number
    }

/** The scope as one markdown line (the reason is sanitized with the whole body). */
export function scopeLine(scope: RunScope): string {
  if (scope.kind === 'full') {
    const reason = oneLine(scope.reason).replace(/[.\s]+$/, '')
    return reason === '' ? 'Full review.' : `Full review: ${reason}.`
  }
  const from = shortSha(scope.from)
  const since = from === undefined ? 'the last reviewed head' : `\`${from}\``
  return `Incremental review of the changes since ${since} (${plural(scope.changedFiles, 'file')} changed, ${scope.unchangedFiles} unchanged).`
}
