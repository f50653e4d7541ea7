import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeJobSummary, type JobSummaryInput } from '../../src/action/job-summary.js'
import { findingRows } from '../../src/action/job-summary-findings.js'
import { passRows, passTotalRow } from '../../src/action/job-summary-passes.js'
import { runNotes } from '../../src/action/job-summary-run-notes.js'
import type { StagedFinding } from '../../src/core/findings/finding-shapes.js'
import { stagedFinding } from '../core/state-fixtures.js'

const finding = (id: string, extra: Partial<StagedFinding>): StagedFinding =>
  stagedFinding(id, { file: 'src/a.ts', line: 10, body: 'b', assessment: 'a', ...extra })

const input: JobSummaryInput = {
  verdict: { verdict: 'request_changes', reasons: ['1 posted finding scored 5-8 (highest 8)'] },
  prCommentPosted: true,
  stage: [
    finding('S1', { score: 3, state: 'suppressed', line: 30 }),
    finding('F1', { score: 8, line: 12 }),
    finding('F2', { score: 6, file: 'assets/logo.png', line: 1 }),
    finding('F3', { score: 7, file: 'README.md', line: 4 }),
    finding('F4', { score: 5, state: 'withdrawn' }),
    finding('S2', { score: 2, state: 'combined' })
  ],
  placements: { F1: 'line', F2: 'file', F3: 'summary' },
  refused: [
    {
      file: 'src/a.ts',
      line: 13,
      score: 8,
      finding: 'Same null check',
      kind: 'duplicate',
      reason: 'Duplicate of finding F1'
    }
  ],
  resolvedThreads: [{ file: 'src/db.ts', line: 42, finding: 'SQL injection', reason: 'Fixed' }],
  passes: [
    {
      number: 2,
      completed: false,
      durationMs: 600000,
      inputTokens: 10,
      outputTokens: 0,
      costUsd: 0.00003,
      note: 'timed out'
    },
    {
      number: 1,
      completed: true,
      durationMs: 1234.4,
      inputTokens: 5000,
      outputTokens: 800,
      costUsd: 0.027
    }
  ]
}

describe('findingRows', () => {
  it('lists every finding once with its disposition, published first', () => {
    expect(findingRows(input).map(([where, score, what]) => [where, score, what])).toEqual([
      ['src/a.ts:12', '8', 'posted inline'],
      ['assets/logo.png:1', '6', 'posted at file level'],
      ['README.md:4', '7', 'moved to summary'],
      ['src/a.ts:30', '3', 'suppressed'],
      ['src/a.ts:10', '5', 'withdrawn'],
      ['src/a.ts:10', '2', 'combined'],
      ['src/a.ts:13', '8', 'duplicate']
    ])
  })

  it('a staged finding with no placement is reported, not hidden', () => {
    const rows = findingRows({ ...input, placements: {} })
    expect(rows.filter((r) => r[2] === 'not published')).toHaveLength(3)
  })

  it('escapes HTML and redacts secrets in model text', () => {
    const secret = 'job-secret-abcdef123456'
    const [row] = findingRows(
      {
        ...input,
        stage: [finding('F1', { finding: `<script>x</script> uses ${secret}` })],
        refused: []
      },
      [secret]
    )
    expect(row?.[3]).toBe('&lt;script&gt;x&lt;/script&gt; uses [REDACTED]')
  })
})

describe('passRows', () => {
  it('orders passes and reports seconds, tokens and dollars', () => {
    expect(passRows(input.passes)).toEqual([
      ['1', 'completed', '1.2', '5000', '800', '$0.03'],
      ['2', 'did not complete: timed out', '600.0', '10', '0', '$0.00003']
    ])
  })

  it('names a row that is not a numbered pass by its label', () => {
    const reply = { ...input.passes[1]!, label: 'reply' }
    expect(passRows([reply])[0]?.[0]).toBe('reply')
  })
})

describe('passTotalRow', () => {
  it('sums seconds, tokens and dollars over every pass', () => {
    expect(passTotalRow(input.passes)).toEqual([
      '<strong>Total</strong>',
      '2 passes',
      '601.2',
      '5010',
      '800',
      '$0.03'
    ])
  })

  it('names the steps after the passes instead of counting them as passes', () => {
    const step = (number: number, label?: string) => ({
      ...input.passes[0]!,
      number,
      ...(label === undefined ? {} : { label })
    })
    const full = [1, 2, 3, 4].map((n) => step(n))
    expect(passTotalRow([...full, step(5, 'learnings'), step(5, 'confirmation')])[1]).toBe(
      '4 passes + learnings, confirmation'
    )
    expect(passTotalRow([step(1, 'reply'), step(5, 'learnings')])[1]).toBe('reply, learnings')
    expect(passTotalRow([])[1]).toBe('0 passes')
  })

  it('keeps small totals to the micro-dollar instead of printing float noise', () => {
    const tiny = input.passes.map((p) => ({ ...p, costUsd: 0.1 + 0.2 - 0.3 + 0.0001 }))
    expect(passTotalRow(tiny)[5]).toBe('$0.0002')
  })

  it('reports zero dollars when opencode knew no price', () => {
    const free = input.passes.map((p) => ({ ...p, costUsd: 0 }))
    expect(passTotalRow(free)[5]).toBe('$0.00')
  })
})

describe('runNotes', () => {
  it('counts bot state ignored for a missing or wrong state_key signature', () => {
    expect(runNotes({ ...input, unverifiedState: 2 }).join('\n')).toContain(
      '<strong>Unsigned state ignored:</strong> 2 comment(s) or check run(s)'
    )
    expect(runNotes(input).join('\n')).not.toContain('Unsigned state ignored')
  })

  const FROM = 'abc1234def5678abc1234def5678abc1234def56'
  const HEAD = 'fedcba9876543210fedcba9876543210fedcba98'

  it('says the record went to the check run, without a warning', () => {
    const notes = runNotes({ ...input, recordHome: 'check-run' })
    expect(notes).toContain(
      '<p><strong>Run record:</strong> kept in a check run on the reviewed head.</p>'
    )
    expect(notes.join('\n')).not.toContain('Warning')
  })

  it('says the record fell back to the summary comment, with the warning as given (escaped)', () => {
    const notes = runNotes({
      ...input,
      recordHome: 'summary-comment',
      recordWarning: 'The token lacks <checks: write>; the record is in the summary comment.'
    }).join('\n')
    expect(notes).toContain('kept in the summary comment on the pull request, not in a check run.')
    expect(notes).toContain(
      '<strong>Warning:</strong> The token lacks &lt;checks: write&gt;; the record is in the summary comment.'
    )
  })

  it('says when the record was not kept, naming checks: write when the caller gave no reason', () => {
    const notes = runNotes({ ...input, recordHome: 'none' }).join('\n')
    expect(notes).toContain('<strong>Run record:</strong> not kept')
    expect(notes).toContain('may lack the checks: write permission')
  })

  it('says nothing about a record the caller did not report', () => {
    expect(runNotes(input).join('\n')).not.toContain('Run record')
  })

  it('states a full review with its reason', () => {
    const notes = runNotes({
      ...input,
      scope: { kind: 'full', reason: 'first review of this pull request' }
    })
    expect(notes).toContain(
      '<p><strong>Scope:</strong> full review — first review of this pull request</p>'
    )
  })

  it('states an incremental review with its range and file counts', () => {
    const scope = { kind: 'incremental', from: FROM, changedFiles: 1, unchangedFiles: 4 } as const
    expect(runNotes({ ...input, scope, headSha: HEAD })).toContain(
      '<p><strong>Scope:</strong> incremental review of <code>abc1234..fedcba9</code> (1 file changed, 4 unchanged)</p>'
    )
    expect(runNotes({ ...input, scope }).join('\n')).toContain(
      'incremental review of the changes since <code>abc1234</code> (1 file changed'
    )
  })

  it('notes a newer head, printing only a SHA', () => {
    expect(runNotes({ ...input, newerHead: HEAD }).join('\n')).toContain(
      '<strong>Newer head:</strong> <code>fedcba9</code> was pushed while this run reviewed; it will be reviewed next.'
    )
    expect(runNotes({ ...input, newerHead: '<img src=x>' }).join('\n')).not.toContain('<img')
  })

  it('says a threads-only run only answered a thread reply, not that a summary was posted', () => {
    const notes = runNotes({ ...input, mode: 'threads-only', passes: [] }).join('\n')
    expect(notes).toContain('this run only answered a reply in a review thread')
    expect(notes).toContain('The answer was posted in the thread.')
    expect(notes).not.toContain('Summary comment')
    expect(runNotes(input).join('\n')).not.toContain('Threads only')
  })
})

describe('writeJobSummary', () => {
  let dir: string
  let file: string
  const previous = process.env.GITHUB_STEP_SUMMARY

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'job-summary-'))
    file = join(dir, 'summary.md')
    await writeFile(file, '')
    process.env.GITHUB_STEP_SUMMARY = file
  })

  afterAll(async () => {
    if (previous === undefined) delete process.env.GITHUB_STEP_SUMMARY
    else process.env.GITHUB_STEP_SUMMARY = previous
    await rm(dir, { recursive: true, force: true })
  })

  it('writes verdict, findings, resolved threads and passes to GITHUB_STEP_SUMMARY', async () => {
    await writeJobSummary({ ...input, prCommentPosted: false })
    const text = await readFile(file, 'utf8')
    expect(text).toContain('<strong>Verdict:</strong> request_changes')
    expect(text).toContain('silence rule')
    expect(text).toContain('<td>src/a.ts:12</td><td>8</td><td>posted inline</td>')
    expect(text).toContain('<td>README.md:4</td><td>7</td><td>moved to summary</td>')
    expect(text).toContain('<td>src/db.ts:42</td><td>SQL injection</td><td>Fixed</td>')
    expect(text).toContain(
      '<td>1</td><td>completed</td><td>1.2</td><td>5000</td><td>800</td><td>$0.03</td>'
    )
    expect(text).toContain(
      '<td><strong>Total</strong></td><td>2 passes</td><td>601.2</td><td>5010</td><td>800</td><td>$0.03</td>'
    )
  })

  it('writes the run notes: scope, newer head and where the record went', async () => {
    await writeFile(file, '')
    await writeJobSummary({
      ...input,
      scope: { kind: 'full', reason: 'force-push' },
      newerHead: 'fedcba9876543210fedcba9876543210fedcba98',
      recordHome: 'summary-comment',
      recordWarning: 'Missing checks: write.'
    })
    const text = await readFile(file, 'utf8')
    expect(text).toContain('<strong>Scope:</strong> full review — force-push')
    expect(text).toContain('<strong>Newer head:</strong> <code>fedcba9</code>')
    expect(text).toContain('<strong>Warning:</strong> Missing checks: write.')
  })
})
