import { protectedPathReason, refusedChanges } from '../../../src/core/fixing/protected-paths.js'

const CONFIG = '.github/review-my-code-bot.yml'
const reason = (path: string) => protectedPathReason(path, CONFIG)

describe('protectedPathReason', () => {
  it.each([
    'src/a.ts',
    '.github/dependabot.yml',
    '.github/workflows.md',
    'docs/.github/workflows/ci.yml',
    '.gitignore',
    'src/git/x.ts',
    'a..b/c.ts'
  ])('lets a fix touch %s', (path) => {
    expect(reason(path)).toBeUndefined()
  })

  it.each<[string, string]>([
    ['.github/workflows/ci.yml', 'workflow files'],
    ['.GitHub/Workflows/CI.yml', 'workflow files'],
    ['.github/workflows/sub/x.yml', 'workflow files'],
    [CONFIG, 'repository config file'],
    ['.GITHUB/Review-My-Code-Bot.yml', 'repository config file'],
    ['.git/config', '.git directory'],
    ['.GIT/hooks/pre-commit', '.git directory'],
    ['vendor/lib/.git/config', '.git directory'],
    ['/etc/passwd', 'absolute'],
    ['C:/x.ts', 'absolute'],
    ['src/../.github/workflows/ci.yml', '".." segment'],
    ['../outside.ts', '".." segment'],
    ['.github/./workflows/ci.yml', 'not normalized'],
    ['.github//workflows/ci.yml', 'not normalized'],
    ['src\\a.ts', 'backslash'],
    ['src/a\0.ts', 'NUL'],
    ['src/a\n.ts', 'control or invisible'],
    ['.g\u200bit/config', 'control or invisible'],
    ['', 'empty']
  ])('refuses %j (%s)', (path, why) => {
    expect(reason(path)).toContain(why)
  })

  it('protects the config file at the path it is given', () => {
    expect(protectedPathReason('config/bot.yml', 'config/bot.yml')).toContain('config file')
    expect(protectedPathReason(CONFIG, 'config/bot.yml')).toBeUndefined()
  })
})

describe('refusedChanges', () => {
  it('lists each refused change, edits and deletions alike, with why', () => {
    const refused = refusedChanges(
      [
        { path: 'src/a.ts', contents: new Uint8Array([1]) },
        { path: '.github/workflows/ci.yml', deleted: true },
        { path: CONFIG, contents: new Uint8Array([2]) }
      ],
      CONFIG
    )
    expect(refused.map((r) => r.path)).toEqual(['.github/workflows/ci.yml', CONFIG])
    expect(refused.every((r) => r.reason !== '')).toBe(true)
  })

  it('is empty when every change is allowed', () => {
    expect(refusedChanges([{ path: 'src/a.ts', deleted: true }], CONFIG)).toEqual([])
  })
})
