import { sarifSchemaErrors } from '../support/sarif-schema.js'
import { fakeEngine, finding, reviewed, runCli } from './cli-fakes.js'

const REVIEW = ['review', '--model', 'anthropic/claude-sonnet-4-5']
const KEY = 'sk-test-key-0123456789abcdef'

const FINDINGS = [
  finding({ id: 'B2@2', fingerprint: 'B2@2', file: 'src/b.ts', line: 40, score: 6 }),
  finding({ id: 'A2@2', fingerprint: 'A2@2', file: 'src/a.ts', line: 30, score: 7 }),
  finding({ id: 'A1@1', fingerprint: 'A1@1', file: 'src/a.ts', line: 3, score: 9 }),
  finding({ id: 'A0@1', fingerprint: 'A0@1', file: 'src/a.ts', line: null, score: 5 })
]

describe('the terminal report', () => {
  it('groups the findings by file, sorted by line, with score, line, id and text', async () => {
    const run = await runCli(REVIEW, fakeEngine(reviewed('needs_major_work', FINDINGS)))
    const lines = run.stdout.split('\n')
    const at = (text: string) => lines.findIndex((line) => line.includes(text))
    expect(at('Verdict: needs_major_work')).toBe(0)
    // src/a.ts first, its file-level finding, then lines 3 and 30; then src/b.ts.
    const order = ['src/a.ts', 'id: A0@1', 'id: A1@1', 'id: A2@2', 'src/b.ts', 'id: B2@2']
    const found = order.map(at)
    expect(found.every((index) => index > 0)).toBe(true)
    expect([...found].sort((a, b) => a - b)).toEqual(found)
    expect(lines[at('id: A1@1') - 1]).toMatch(/^ {2}line 3 +score {2}9 {2}Off by one in the loop$/)
    expect(lines[at('id: A0@1') - 1]).toMatch(/^ {2}file +score {2}5 /)
    expect(run.stdout).toContain('4 open findings.')
    expect(run.stdout).toContain('State: /repo/.git/review-my-code-bot/state.json')
  })

  it('strips escape sequences and control characters from model text, and the key', async () => {
    const hostile = finding({
      finding: 'Bad\u001b[2J\u001b[31m red\u001b[0m \u001b]0;pwned\u0007title\u009b1Aup',
      body: `Line one\rOVERWRITE \u001b]52;c;aGk=\u001b\\clip \u202eevil key ${KEY} \u0007bell`,
      file: 'src/\u001b[1mbold.ts'
    })
    const run = await runCli(REVIEW, fakeEngine(reviewed('request_changes', [hostile])))
    // eslint-disable-next-line no-control-regex -- checking that none survive
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202E]/)
    expect(run.stdout).toContain('Bad red title')
    expect(run.stdout).toContain('src/bold.ts')
    expect(run.stdout).toContain('clip')
    expect(run.stdout).not.toContain(KEY)
    expect(run.stdout).not.toContain('pwned')
  })
})

describe('--format', () => {
  it('markdown: a section per file and a list item per finding', async () => {
    const run = await runCli(
      [...REVIEW, '--format', 'markdown'],
      fakeEngine(reviewed('needs_major_work', FINDINGS))
    )
    expect(run.stdout).toMatch(/^# review-my-code-bot: needs_major_work\n/)
    expect(run.stdout).toContain('## `src/a.ts`')
    expect(run.stdout).toContain('- **Line 3, score 9**: Off by one in the loop (`A1@1`)')
    expect(run.stdout).toContain('- **File, score 5**:')
    expect(run.stdout.indexOf('## `src/a.ts`')).toBeLessThan(run.stdout.indexOf('## `src/b.ts`'))
    expect(run.stdout).toMatch(/[^\n]\n$/)
  })

  it('json: the verdict and every finding', async () => {
    const run = await runCli(
      [...REVIEW, '--format', 'json'],
      fakeEngine(reviewed('needs_major_work', FINDINGS))
    )
    const report = JSON.parse(run.stdout)
    expect(report.verdict).toBe('needs_major_work')
    expect(report.scope).toBe('full')
    expect(report.findings.map((f: { id: string }) => f.id)).toEqual([
      'B2@2',
      'A2@2',
      'A1@1',
      'A0@1'
    ])
  })

  it('sarif: a log the SARIF 2.1.0 schema accepts, a result per finding', async () => {
    const run = await runCli(
      [...REVIEW, '--format', 'sarif'],
      fakeEngine(reviewed('needs_major_work', FINDINGS))
    )
    const log = JSON.parse(run.stdout)
    expect(sarifSchemaErrors(log)).toEqual([])
    expect(log.runs[0].results).toHaveLength(4)
    expect(log.runs[0].results.map((r: { level: string }) => r.level)).toEqual([
      'note',
      'warning',
      'error',
      'note'
    ])
  })
})

describe('status and dismiss', () => {
  it('status renders the open findings like a review, without a verdict', async () => {
    const engine = fakeEngine(reviewed('approve', []), FINDINGS)
    const run = await runCli(['status'], engine)
    expect(run.code).toBe(0)
    expect(engine.calls).toEqual(['status'])
    expect(run.stdout).not.toContain('Verdict')
    expect(run.stdout).toContain('id: A1@1')
    const sarif = await runCli(['status', '--format', 'sarif'], engine)
    expect(sarifSchemaErrors(JSON.parse(sarif.stdout))).toEqual([])
  })

  it('dismiss hands the id and reason to the engine and names the finding', async () => {
    const engine = fakeEngine(reviewed('approve', []), FINDINGS)
    const run = await runCli(
      ['dismiss', 'A1@1', '--reason', 'the loop is bounded upstream'],
      engine
    )
    expect(run.code).toBe(0)
    expect(engine.calls).toEqual(['dismiss A1@1 the loop is bounded upstream'])
    expect(run.stdout.split('\n')[0]).toBe('Dismissed A1@1 (src/a.ts:3): Off by one in the loop')
  })
})
