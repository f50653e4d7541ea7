/**
 * The local team memory on the command line: what `dismiss` says it
 * learned (and `--no-learn`), `learnings` in every format it takes, and
 * `forget`, over a fake engine. The real files are covered in
 * __tests__/local/local-learnings-file.test.ts and the real CLI in
 * cli-local-review.e2e.test.ts.
 */
import { fakeEngine, finding, learned, LEARNINGS_PATH, reviewed, runCli } from './cli-fakes.js'

const FINDINGS = [finding({ id: 'A1@1', fingerprint: 'A1@1' })]
const LEARNING = learned(FINDINGS[0] ?? finding(), 'Loops here are bounded by the page size.')

describe('dismiss teaches', () => {
  it('names the learning, where it applies and how to take it back', async () => {
    const engine = fakeEngine(reviewed('approve', []), FINDINGS)
    const run = await runCli(['dismiss', 'A1@1', '--reason', LEARNING.rule], engine)
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n')).toEqual([
      'Dismissed A1@1 (src/a.ts:3): Off by one in the loop',
      `Learned L-0a1b2c3d4e (applies to src/**, category logic on every branch): ${LEARNING.rule}`,
      'Take it back with: review-my-code-bot forget L-0a1b2c3d4e',
      ''
    ])
  })

  it('--no-learn dismisses without teaching', async () => {
    const engine = fakeEngine(reviewed('approve', []), FINDINGS)
    const run = await runCli(['dismiss', 'A1@1', '--reason', 'later', '--no-learn'], engine)
    expect(run.code).toBe(0)
    expect(engine.calls).toEqual(['dismiss A1@1 later --no-learn'])
    expect(run.stdout).toBe('Dismissed A1@1 (src/a.ts:3): Off by one in the loop\n')
  })
})

describe('learnings', () => {
  const engine = () => fakeEngine(reviewed('approve', []), [], undefined, [LEARNING])

  it('lists each learning with its scope, teacher and origin, and how to forget one', async () => {
    const run = await runCli(['learnings'], engine())
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Team learnings (1), kept in ${LEARNINGS_PATH}:`)
    expect(run.stdout).toContain(`L-0a1b2c3d4e  ${LEARNING.rule}`)
    expect(run.stdout).toContain(
      'applies to src/**, findings of category logic; taught by dana on branch feat/loops (dismissed) on 2026-11-20'
    )
    expect(run.stdout).toContain('from the finding: Off by one in the loop')
    expect(run.stdout).toContain('Forget one with: review-my-code-bot forget <id>')
  })

  it('says how to teach one when there are none', async () => {
    const run = await runCli(['learnings'], fakeEngine(reviewed('approve', [])))
    expect(run.stdout).toContain('No team learnings are kept in this repository yet')
    expect(run.stdout).toContain('dismiss <id> --reason')
  })

  it('prints markdown with the glob escaped, and JSON with the blocks as kept', async () => {
    const markdown = await runCli(['learnings', '--format', 'markdown'], engine())
    expect(markdown.stdout).toContain('## Team learnings (1)')
    expect(markdown.stdout).toContain(`- **L-0a1b2c3d4e**: ${LEARNING.rule}`)
    expect(markdown.stdout).toContain('applies to src/\\*\\*, findings of category logic')
    const json = await runCli(['learnings', '--format', 'json'], engine())
    expect(JSON.parse(json.stdout)).toEqual({ path: LEARNINGS_PATH, learnings: [LEARNING] })
  })

  it('refuses --format sarif, naming the formats it takes', async () => {
    const run = await runCli(['learnings', '--format', 'sarif'], engine())
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('learnings takes --format terminal, markdown or json')
  })
})

describe('forget', () => {
  it('forgets the learning and names it', async () => {
    const engine = fakeEngine(reviewed('approve', []), [], undefined, [LEARNING])
    const run = await runCli(['forget', 'L-0a1b2c3d4e'], engine)
    expect(run.code).toBe(0)
    expect(engine.calls).toEqual(['forget L-0a1b2c3d4e'])
    expect(run.stdout).toBe(`Forgot L-0a1b2c3d4e: ${LEARNING.rule}\n`)
  })

  it('an unknown id or none is bad usage (exit 2)', async () => {
    const engine = fakeEngine(reviewed('approve', []), [], undefined, [LEARNING])
    const unknown = await runCli(['forget', 'L-ffffffffff'], engine)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no learning "L-ffffffffff"')
    const none = await runCli(['forget'], engine)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('forget needs the id of a learning (see `learnings`), got none')
  })
})
