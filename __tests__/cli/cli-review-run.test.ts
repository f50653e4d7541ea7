import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LocalUsageError } from '../../src/local/local-review.js'
import { fakeEngine, finding, reviewed, runCli } from './cli-fakes.js'

const REVIEW = ['review', '--model', 'anthropic/claude-sonnet-4-5']

describe('exit codes of a review', () => {
  it.each([
    ['request_changes', 'request_changes', 1],
    ['needs_major_work', 'request_changes', 1],
    ['approve', 'request_changes', 0],
    ['needs_major_work', 'needs_major_work', 1],
    ['request_changes', 'needs_major_work', 0],
    ['needs_major_work', 'never', 0]
  ] as const)('verdict %s with --fail-on %s exits %i', async (verdict, failOn, code) => {
    const engine = fakeEngine(reviewed(verdict, [finding()]))
    const run = await runCli([...REVIEW, '--fail-on', failOn], engine)
    expect(run.code).toBe(code)
    expect(run.stdout).toContain(`Verdict: ${verdict}`)
  })

  it('exits 0 at any verdict without --fail-on', async () => {
    const run = await runCli(REVIEW, fakeEngine(reviewed('needs_major_work', [finding()])))
    expect(run.code).toBe(0)
  })

  it('exits 3 when the review cannot complete, with the reason on stderr', async () => {
    const engine = fakeEngine(new Error('pass 2 failed: the model refused the key'))
    const run = await runCli([...REVIEW, '--fail-on', 'request_changes'], engine)
    expect(run.code).toBe(3)
    expect(run.stderr).toContain('pass 2 failed: the model refused the key')
    expect(run.stdout).toBe('')
  })

  it("exits 2 on the engine's usage error (a base ref that does not exist)", async () => {
    const engine = fakeEngine(new LocalUsageError('--base "nope" is not a commit'))
    const run = await runCli([...REVIEW, '--base', 'nope'], engine)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--base "nope" is not a commit')
  })

  it('exits 0 on a skipped review and says why', async () => {
    const engine = fakeEngine({
      kind: 'skipped',
      reason: 'nothing changed since main',
      warnings: []
    })
    const run = await runCli([...REVIEW, '--fail-on', 'request_changes'], engine)
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('No review: nothing changed since main')
  })
})

describe('what the engine is given', () => {
  it('the flags as the Config the action would build, the key from the environment', async () => {
    const engine = fakeEngine(reviewed('approve', []))
    const run = await runCli(
      [
        ...REVIEW,
        '--base',
        'origin/develop',
        '--working-tree',
        '--max-comments',
        '7',
        '--enable-web',
        '--pass-timeout-minutes',
        '3',
        '--opencode-config',
        '{"provider":{}}',
        '--team-memory',
        'false'
      ],
      engine
    )
    expect(run.code).toBe(0)
    const [options] = engine.reviewOptions
    expect(options?.base).toBe('origin/develop')
    expect(options?.workingTree).toBe(true)
    expect(options?.cwd).toBe('/repo')
    expect(options?.config).toMatchObject({
      model: 'anthropic/claude-sonnet-4-5',
      opencodeApiKey: 'sk-test-key-0123456789abcdef',
      maxComments: 7,
      enableWeb: true,
      passTimeoutMinutes: 3,
      opencodeConfig: { provider: {} },
      teamMemory: false,
      failOn: 'never',
      dryRun: false,
      stateKey: '',
      allowedBots: [],
      explicit: { maxComments: true, problemScoreThreshold: false }
    })
    // Defaults come from the action's input table.
    expect(options?.config.problemScoreThreshold).toBe(5)
    expect(options?.config.scoreElevationThreshold).toBe(5)
  })

  it('no base and no working tree when the flags are absent', async () => {
    const engine = fakeEngine(reviewed('approve', []))
    await runCli(REVIEW, engine)
    expect(engine.reviewOptions[0]?.base).toBeUndefined()
    expect(engine.reviewOptions[0]?.workingTree).toBe(false)
  })
})

describe('progress and warnings on stderr', () => {
  it('a line per pass when stderr is a terminal', async () => {
    const run = await runCli(REVIEW, fakeEngine(reviewed('approve', [])), { stderrTTY: true })
    expect(run.stderr.match(/^Review pass \d of 4/gm)).toEqual([
      'Review pass 1 of 4',
      'Review pass 2 of 4',
      'Review pass 3 of 4',
      'Review pass 4 of 4'
    ])
  })

  it('no progress lines in a pipe, but the warnings', async () => {
    const engine = fakeEngine(
      reviewed('approve', [], ['state file was corrupt; backed up to state.json.bak'])
    )
    const run = await runCli(REVIEW, engine, { stderrTTY: false })
    expect(run.stderr).not.toContain('Review pass')
    expect(run.stderr).toContain('warning: state file was corrupt; backed up to state.json.bak')
  })
})

describe('--output', () => {
  it('writes the chosen format to the file (relative to the working directory)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli-output-'))
    try {
      const engine = fakeEngine(reviewed('request_changes', [finding()]))
      const run = await runCli([...REVIEW, '--format', 'json', '--output', 'out.json'], engine, {
        cwd: dir
      })
      expect(run.code).toBe(0)
      expect(run.stdout).toBe('')
      const written = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8'))
      expect(written.verdict).toBe('request_changes')
      expect(written.findings).toEqual([
        expect.objectContaining({ id: 'F1@1', file: 'src/a.ts', line: 3, score: 8 })
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
