import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  findingRows,
  passRows,
  writeJobSummary,
  type JobSummaryInput
} from '../../src/action/job-summary.js'
import type { StagedFinding } from '../../src/core/finding-stage.js'
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
      note: 'timed out'
    },
    { number: 1, completed: true, durationMs: 1234.4, inputTokens: 5000, outputTokens: 800 }
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
  it('orders passes and reports time and tokens', () => {
    expect(passRows(input.passes)).toEqual([
      ['1', 'completed', '1234', '5000', '800'],
      ['2', 'did not complete: timed out', '600000', '10', '0']
    ])
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
    expect(text).toContain('<td>1</td><td>completed</td><td>1234</td><td>5000</td><td>800</td>')
  })
})
