/**
 * The opencode versions this action is tested with. The sandbox rests on
 * behaviour measured on one release series (which config keys and flags
 * exist, which tools are offered, that project plugins stay off, the event
 * stream the session driver reads); a release outside it may change any of
 * that, so choosing one gets a warning naming it and the tested series.
 * Pure: versions in, a message or nothing out.
 */

/** The `major.minor` series the tests run against (DEFAULT_OPENCODE_VERSION is in it). */
export const TESTED_OPENCODE_SERIES = '1.18'

const VERSION = /^(\d+)\.(\d+)\.\d+(?:-[0-9A-Za-z.-]+)?$/

/** A warning for a version outside the tested series, else undefined. */
export function untestedVersionWarning(
  version: string,
  series: string = TESTED_OPENCODE_SERIES
): string | undefined {
  const match = VERSION.exec(version.trim())
  if (match !== null && `${match[1]}.${match[2]}` === series) return undefined
  return `opencode ${JSON.stringify(version)} is outside the tested series ${series}.x: the read-only sandbox and the session driver were verified on ${series}.x only; use a ${series}.x release or check the review's behaviour yourself`
}
