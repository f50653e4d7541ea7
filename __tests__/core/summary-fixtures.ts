import type { SummaryRecord } from '../../src/core/memory/rmcoc.js'
import type { SummaryFinding, SummaryInput } from '../../src/core/summary/summary.js'

export const HEAD = '0123456789abcdef0123456789abcdef01234567'

/** A distinct 40-digit head for run `n` (1-based). */
export const headOf = (n: number): string => n.toString(16).padStart(2, '0').repeat(20)

export const quiet: SummaryInput = {
  headSha: HEAD,
  verdict: {
    verdict: 'approve',
    reasons: [
      'no posted finding scored 5 or more and no owner, member or collaborator requested changes'
    ]
  },
  passes: [1, 2, 3, 4].map((number) => ({
    number,
    summary: `Pass ${number} found nothing.`,
    completed: true
  })),
  posted: [],
  inSummary: [],
  counts: {
    submitted: 1,
    staged: 0,
    suppressed: 1,
    duplicates: 0,
    rejected: 0,
    withdrawn: 0,
    combined: 0,
    threadsResolved: 0,
    threadsFollowedUp: 0,
    threadsEscalated: 0,
    threadsConceded: 0
  },
  openThreads: { pending: 0, disputed: 0, escalated: 0 },
  resolvedThreads: [],
  warnings: [],
  consolidationIncomplete: false
}

export const busy: SummaryInput = {
  ...quiet,
  verdict: { verdict: 'request_changes', reasons: ['2 posted findings scored 5-8 (highest 8)'] },
  posted: [
    {
      id: 'F1',
      path: 'src/a.ts',
      line: 12,
      score: 8,
      finding: 'Unchecked null',
      placement: 'line'
    },
    { id: 'F2', path: 'src/b.ts', line: null, score: 6, finding: 'Leaky handle', placement: 'file' }
  ],
  inSummary: [
    {
      id: 'F3',
      path: 'docs/x.md',
      line: 4,
      score: 5,
      finding: 'Wrong port documented',
      assessment: 'The docs say 8080; the server listens on 3000.',
      reason: 'not-in-diff'
    }
  ],
  counts: { ...quiet.counts, staged: 3, threadsResolved: 1 },
  openThreads: { pending: 2, disputed: 1, escalated: 0 },
  resolvedThreads: [
    {
      file: 'src/db.ts',
      line: 42,
      finding: 'SQL injection',
      reason: 'Fixed by parameterized query'
    }
  ]
}

/** `count` findings that could not go inline, each with a distinct id, path and text. */
export const inSummaryFindings = (
  count: number,
  assessment: (i: number) => string
): SummaryFinding[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `S${i}`,
    path: `src/module-${i}/file.ts`,
    line: i + 1,
    score: 5 + (i % 5),
    finding: `Finding number ${i} is unique`,
    assessment: assessment(i),
    reason: 'max_comments' as const
  }))

/** `count` summary-only records with findings and assessments as long as the schema allows. */
export const longRecords = (count: number): SummaryRecord[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `0123456789ab-S${i}`,
    file: `src/module-${i}/deeply/nested/file-${i}.ts`,
    line: i + 1,
    finding: `Record ${i}: `.padEnd(500, 'f'),
    assessment: `Assessment ${i}: `.padEnd(1000, 'a'),
    score: 5 + (i % 5),
    status: i % 3 === 0 ? 'RESOLVED' : 'PENDING',
    ...(i % 3 === 0 ? { resolution: 'fixed' as const } : {})
  }))
