import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChangedFile } from '../../src/core/pull-request/pr-data.js'
import { reviewScope, type ReviewScope } from '../../src/review/scope/change-since.js'
import { buildPass1Prompt } from '../../src/review/prompts/prompts.js'
import { OWNER, REPO, startFixture, type Fixture } from '../github/fixture.js'
import {
  changedFile,
  fakeFile,
  numberedLines,
  onePushPr,
  PUSHED_LINE,
  replaceLine,
  type SyntheticFile
} from '../support/pr-history.js'

const OLD_HEAD = 'c'.repeat(40)

let fixture: Fixture

beforeEach(async () => {
  fixture = await startFixture()
})

afterEach(async () => {
  await fixture.github.stop()
})

/** Seeds the fake with the PR at both heads: compare for the old head, contents at both. */
function seed(files: readonly SyntheticFile[], oldFiles?: ChangedFile[]): void {
  const { github, pr } = fixture
  const newFiles = files.map((f) => changedFile(f.path, f.base, f.newHead))
  pr.files = newFiles.map(fakeFile)
  const old = oldFiles ?? files.map((f) => changedFile(f.path, f.base, f.oldHead))
  github.state.setComparison(OWNER, REPO, pr.baseSha, OLD_HEAD, old.map(fakeFile))
  for (const file of files) {
    github.state.setFileContent(OWNER, REPO, OLD_HEAD, file.path, file.oldHead)
    github.state.setFileContent(OWNER, REPO, pr.headSha, file.path, file.newHead)
  }
}

async function scopeAt(
  lastReviewedSha: string | null,
  limits?: { maxChangedFiles?: number; maxChars?: number }
): Promise<ReviewScope> {
  const { gateway, pr } = fixture
  const files = await gateway.listChangedFiles()
  return reviewScope({
    gateway,
    pr: { baseSha: pr.baseSha, headSha: pr.headSha },
    files,
    lastReviewedSha,
    ...(limits === undefined ? {} : { limits })
  })
}

function contentReads(): string[] {
  return fixture.github.requests
    .filter((r) => r.route === 'GET /repos/:owner/:repo/contents/*path')
    .map((r) => decodeURIComponent(r.path))
}

function incremental(scope: ReviewScope) {
  if (scope.kind !== 'incremental') throw new Error(`expected incremental, got: ${scope.reason}`)
  return scope
}

describe('reviewScope', () => {
  it('is full on a first review', async () => {
    expect(await scopeAt(null)).toEqual({
      kind: 'full',
      reason: expect.stringMatching(/first review/)
    })
    expect(fixture.github.requests.some((r) => r.path.includes('/compare/'))).toBe(false)
  })

  it('after a one-line push on a 30-file PR, narrows to that line and reads only that file', async () => {
    const files = onePushPr(30)
    seed(files)
    const scope = incremental(await scopeAt(OLD_HEAD))
    expect(scope.from).toBe(OLD_HEAD)
    expect(scope.to).toBe(fixture.pr.headSha)
    expect(scope.files).toHaveLength(1)
    const [only] = scope.files
    expect(only).toMatchObject({ path: 'src/feature-0.ts', status: 'changed' })
    expect(only?.patchKind).toBe('interdiff')
    expect(only?.patch?.split('\n').filter((l) => /^[+-]/.test(l))).toEqual([`+${PUSHED_LINE}`])
    expect(scope.unchanged).toEqual(files.slice(1).map((f) => f.path))
    expect(contentReads().sort()).toEqual(
      [
        `/repos/${OWNER}/${REPO}/contents/src/feature-0.ts`,
        `/repos/${OWNER}/${REPO}/contents/src/feature-0.ts`
      ].sort()
    )
  })

  it('makes the pass-1 prompt of that push at most a tenth of the first review’s', async () => {
    const files = onePushPr(30)
    seed(files)
    const scope = await scopeAt(OLD_HEAD)
    const pr = {
      number: 7,
      title: 'Add 30 features',
      body: 'Adds them.',
      headRef: 'f',
      baseRef: 'main'
    }
    const budget = 120_000
    const first = buildPass1Prompt({
      pr,
      files: files.map((f) => changedFile(f.path, f.base, f.oldHead)),
      diffBudgetChars: budget,
      scope: { kind: 'full', reason: 'first review' }
    })
    const now = await fixture.gateway.listChangedFiles()
    const incremental = buildPass1Prompt({ pr, files: now, diffBudgetChars: budget, scope })
    expect(incremental).toContain(`+${PUSHED_LINE}`)
    expect(incremental.length / first.length).toBeLessThanOrEqual(0.1)
  })

  it('does not count a base merge that touched PR files as a change', async () => {
    const files = onePushPr(3).map((file, n) => {
      if (n === 0) return { ...file, newHead: file.oldHead }
      // Upstream edited a line next to the PR's rewrite: the patch's context differs.
      const newBase = replaceLine(file.base, 12, [`const base${n} = 'upstream'`])
      return {
        ...file,
        base: newBase,
        newHead: replaceLine(file.oldHead, 12, [`const base${n} = 'upstream'`])
      }
    })
    seed(
      files,
      onePushPr(3).map((f) => changedFile(f.path, f.base, f.oldHead))
    )
    const scope = incremental(await scopeAt(OLD_HEAD))
    expect(scope.files).toEqual([])
    expect(scope.unchanged).toEqual(files.map((f) => f.path))
    // Their patches differed (new context lines), so both versions were compared.
    expect(new Set(contentReads())).toEqual(
      new Set(files.slice(1).map((f) => `/repos/${OWNER}/${REPO}/contents/${f.path}`))
    )
  })

  it('needs nothing narrowed when the head is the one reviewed', async () => {
    seed(onePushPr(2))
    const scope = incremental(await scopeAt(fixture.pr.headSha))
    expect(scope.files).toEqual([])
    expect(scope.unchanged).toEqual(['src/feature-0.ts', 'src/feature-1.ts'])
  })

  it('is full when GitHub cannot compare the old head (force-pushed away)', async () => {
    seed(onePushPr(2))
    const scope = await scopeAt('d'.repeat(40))
    expect(scope).toEqual({ kind: 'full', reason: expect.stringContaining('d'.repeat(40)) })
    expect(scope.kind === 'full' && scope.reason).toMatch(/cannot compare/)
  })

  it('shows the whole PR patch, saying why, when the old version cannot be read', async () => {
    const files = onePushPr(2)
    seed(files)
    fixture.github.state.contents.get(`${OWNER}/${REPO}@${OLD_HEAD}`.toLowerCase())?.clear()
    const scope = incremental(await scopeAt(OLD_HEAD))
    const [only] = scope.files
    expect(only?.patchKind).toBe('pr-patch')
    expect(only?.patch).toBe(changedFile(files[0]!.path, files[0]!.base, files[0]!.newHead).patch)
    expect(only?.note).toMatch(
      new RegExp(`version at ${OLD_HEAD} could not be read \\(not found\\)`)
    )
  })

  it('reports new, dropped and renamed files', async () => {
    const base = numberedLines('line', 20)
    const head = replaceLine(base, 5, ['changed'])
    const old = [
      changedFile('src/kept.ts', base, head),
      changedFile('src/dropped.ts', base, head),
      changedFile('src/before.ts', base, head)
    ]
    const renamed: ChangedFile = {
      ...changedFile('src/after.ts', base, replaceLine(head, 6, ['more'])),
      status: 'renamed',
      previousPath: 'src/before.ts'
    }
    const now = [
      changedFile('src/kept.ts', base, head),
      changedFile('src/added.ts', '', 'export {}\n'),
      renamed
    ]
    fixture.pr.files = now.map(fakeFile)
    const { github, pr } = fixture
    github.state.setComparison(OWNER, REPO, pr.baseSha, OLD_HEAD, old.map(fakeFile))
    github.state.setFileContent(OWNER, REPO, OLD_HEAD, 'src/before.ts', head)
    github.state.setFileContent(
      OWNER,
      REPO,
      pr.headSha,
      'src/after.ts',
      replaceLine(head, 6, ['more'])
    )
    const scope = incremental(await scopeAt(OLD_HEAD))
    expect(scope.unchanged).toEqual(['src/kept.ts'])
    expect(scope.files.map((f) => [f.path, f.status, f.previousPath])).toEqual([
      ['src/added.ts', 'new', undefined],
      ['src/after.ts', 'changed', 'src/before.ts'],
      ['src/dropped.ts', 'dropped', undefined]
    ])
    expect(scope.files[0]?.patch).toBe(now[1]?.patch)
    expect(scope.files[0]?.patchKind).toBe('pr-patch')
    expect(scope.files[1]?.patch).toMatch(/^-line 6\n\+more$/m)
  })

  it('notes a rename made since the last review that changed no line of the PR’s work', async () => {
    const base = numberedLines('line', 20)
    const head = replaceLine(base, 5, ['changed'])
    const moved: ChangedFile = {
      ...changedFile('src/after.ts', base, head),
      status: 'renamed',
      previousPath: 'src/before.ts'
    }
    fixture.pr.files = [fakeFile(moved)]
    const { github, pr } = fixture
    const old = [changedFile('src/before.ts', base, head)]
    github.state.setComparison(OWNER, REPO, pr.baseSha, OLD_HEAD, old.map(fakeFile))
    github.state.setFileContent(OWNER, REPO, OLD_HEAD, 'src/before.ts', head)
    github.state.setFileContent(OWNER, REPO, pr.headSha, 'src/after.ts', head)
    const scope = incremental(await scopeAt(OLD_HEAD))
    expect(scope.files).toEqual([
      {
        path: 'src/after.ts',
        previousPath: 'src/before.ts',
        status: 'changed',
        note: `renamed since ${OLD_HEAD}; no line of the PR's change to it differs`
      }
    ])
  })

  it('is full, asking GitHub nothing, when the recorded head is not a commit SHA', async () => {
    seed(onePushPr(1))
    const scope = await scopeAt('main..evil')
    expect(scope).toEqual({
      kind: 'full',
      reason: 'the recorded head "main..evil" is not a commit SHA'
    })
    expect(fixture.github.requests.some((r) => r.path.includes('/compare/'))).toBe(false)
  })

  it('is full when more files changed since than the limit', async () => {
    const files = onePushPr(3).map((f) => ({ ...f, newHead: `${f.newHead}// touched\n` }))
    seed(files)
    const scope = await scopeAt(OLD_HEAD, { maxChangedFiles: 2 })
    expect(scope).toEqual({
      kind: 'full',
      reason: expect.stringMatching(/too large to narrow: 3 files changed since .*more than 2/)
    })
    expect(contentReads()).toEqual([])
  })

  it('is full when the change since is longer than the character limit', async () => {
    seed(onePushPr(2))
    const scope = await scopeAt(OLD_HEAD, { maxChars: 10 })
    expect(scope.kind === 'full' && scope.reason).toMatch(/too large to narrow: \d+ characters/)
  })

  it('is full when GitHub listed as many files as its compare cap', async () => {
    const many = Array.from({ length: 300 }, (_, n) => ({
      path: `f${n}.ts`,
      status: 'modified',
      additions: 1,
      deletions: 0,
      patch: '@@ -1 +1,2 @@\n a\n+b'
    }))
    seed(onePushPr(1), many)
    const scope = await scopeAt(OLD_HEAD)
    expect(scope.kind === 'full' && scope.reason).toMatch(/too many files to narrow/)
  })
})
