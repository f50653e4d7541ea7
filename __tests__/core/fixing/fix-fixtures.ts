/** Plain-data builders for the fix loop's tests (no I/O). */
import type { FixSource } from '../../../src/core/fixing/fix-candidates.js'
import type { FixCandidate } from '../../../src/core/fixing/fix-types.js'

/** One of the bot's open finding threads, as the run state holds it. */
export function thread(
  findingId: string | undefined,
  rootCommentId: number,
  extra: Partial<Omit<FixSource, 'assessment'>> & { finding?: string } = {}
): FixSource {
  const { finding, ...rest } = extra
  const score = rest.score ?? 8
  return {
    root_comment_id: rootCommentId,
    file: 'src/a.ts',
    line: 10,
    status: 'PENDING',
    score,
    origin: 'thread',
    ...rest,
    assessment: {
      ...(findingId === undefined ? {} : { id: findingId }),
      finding: finding ?? `Finding ${findingId ?? 'comment'}`,
      assessment: 'Why it matters.',
      score
    }
  }
}

export function candidate(id: string, extra: Partial<FixCandidate> = {}): FixCandidate {
  return {
    id,
    path: 'src/a.ts',
    line: 10,
    score: 8,
    finding: `Finding ${id}`,
    assessment: 'Why it matters.',
    ...extra
  }
}
