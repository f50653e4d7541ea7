import { fakeEngine, finding, reviewed, runCli } from './cli-fakes.js'

const MODEL = ['--model', 'anthropic/claude-sonnet-4-5']

describe('bad usage exits 2, names the option and starts no work', () => {
  it.each([
    [
      'a bad number',
      ['review', ...MODEL, '--max-comments', 'x'],
      '--max-comments must be an integer from 0 to 100, got "x"'
    ],
    [
      'a threshold out of range',
      ['review', ...MODEL, '--problem-score-threshold', '11'],
      '--problem-score-threshold must be an integer from 1 to 10, got "11"'
    ],
    ['an unknown option', ['review', ...MODEL, '--max-coments', '3'], "'--max-coments'"],
    ['a missing value', ['review', ...MODEL, '--max-comments'], "'--max-comments <value>'"],
    [
      'an unknown --format',
      ['review', ...MODEL, '--format', 'xml'],
      '--format must be one of terminal, markdown, json, sarif, got "xml"'
    ],
    [
      'a bad --fail-on',
      ['review', ...MODEL, '--fail-on', 'approve'],
      '--fail-on must be one of never, request_changes, needs_major_work, got "approve"'
    ],
    ['no --model', ['review'], '--model is required'],
    ['a bad --model', ['review', '--model', 'claude'], '--model must be provider/model'],
    [
      'bad --opencode-config',
      ['review', ...MODEL, '--opencode-config', '{nope'],
      '--opencode-config must be a JSON object'
    ],
    ['an empty value', ['review', ...MODEL, '--base', ''], '--base needs a value, got ""'],
    [
      'a value given to a switch',
      ['review', ...MODEL, '--enable-web=yes'],
      "'--enable-web' does not take an argument"
    ],
    [
      'a bad --confirm-min-score',
      ['review', ...MODEL, '--confirm-min-score', 'nine'],
      '--confirm-min-score must be an integer from 1 to 10 or "off", got "nine"'
    ],
    [
      'a --reviewer-models entry that is not provider/model',
      ['review', ...MODEL, '--reviewer-models', 'gpt-5'],
      '--reviewer-models'
    ],
    [
      'a --team-memory that is not true or false',
      ['review', ...MODEL, '--team-memory', 'off'],
      '--team-memory'
    ],
    ['an unknown command', ['revue'], 'unknown command "revue"'],
    ['no command', [], 'a command is needed'],
    ['dismiss without --reason', ['dismiss', 'F1@1'], 'dismiss needs --reason'],
    ['dismiss without an id', ['dismiss', '--reason', 'fine'], 'dismiss needs the id'],
    ['status with a review option', ['status', '--max-comments', '3'], "'--max-comments'"]
  ])('%s', async (_what, argv, named) => {
    const engine = fakeEngine(reviewed('approve', []), [finding()])
    const run = await runCli(argv, engine)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(named)
    expect(run.stderr).toContain('--help')
    expect(run.stderr).not.toContain('TypeError')
    expect(run.stdout).toBe('')
    expect(engine.calls).toEqual([])
  })

  it('reports every bad value at once', async () => {
    const engine = fakeEngine(reviewed('approve', []))
    const run = await runCli(
      ['review', ...MODEL, '--max-comments=-3', '--pass-timeout-minutes', '0'],
      engine
    )
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--max-comments must be an integer from 0 to 100, got "-3"')
    expect(run.stderr).toContain('--pass-timeout-minutes must be an integer from 1 to 360, got "0"')
    expect(engine.calls).toEqual([])
  })

  it('refuses an --output file in a directory that does not exist, before the review', async () => {
    const engine = fakeEngine(reviewed('approve', []))
    const run = await runCli(['review', ...MODEL, '--output', '/no/such/dir/report.md'], engine)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--output must be a file in an existing directory')
    expect(engine.calls).toEqual([])
  })

  it('prints the usage on --help, on stdout, and exits 0', async () => {
    const engine = fakeEngine(reviewed('approve', []))
    const run = await runCli(['review', '--help'], engine)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('--problem-score-threshold <n>')
    expect(engine.calls).toEqual([])
  })
})
