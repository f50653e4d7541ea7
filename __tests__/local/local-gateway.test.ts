/**
 * The local gateway on real temporary git repositories: the branch reads as
 * the pull request GitHub would show (files from the merge base, patches in
 * the files API's shape), and what the bot writes reads back, from this
 * gateway and from a new one over the saved state file.
 */
import { rm } from 'node:fs/promises'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { rebuildRunState } from '../../src/core/memory/threads.js'
import { readLocalBranch, type LocalBranch } from '../../src/local/local-branch.js'
import { LocalGateway } from '../../src/local/local-gateway.js'
import { LocalGit } from '../../src/local/local-git.js'
import { followHead, movedLine, parseHunks } from '../../src/local/local-thread-lines.js'
import {
  emptyState,
  loadState,
  statePathFor,
  StateStore
} from '../../src/local/local-state-file.js'
import { commitFiles, lines, makeLocalRepo, repoGit, writeFiles } from '../support/local-repo.js'

const BOT = 'github-actions[bot]'
let dir = ''

afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true })
  dir = ''
})

async function gatewayOn(repo: string, workingTree = false) {
  const git = await LocalGit.find(repo, { PATH: process.env['PATH'], HOME: repo })
  const branch: LocalBranch = await readLocalBranch(git, { base: 'main', workingTree })
  const store = new StateStore(statePathFor(branch.commonDir, branch.branch), emptyState(BOT))
  const now = () => new Date('2026-02-03T04:05:06Z')
  return {
    git,
    branch,
    store,
    gateway: new LocalGateway({ git: git.at(branch.toplevel), branch, store, now })
  }
}

const BASE_FILES = {
  'src/a.ts': lines('const a =', 10),
  'src/old-name.ts': lines('export const moved =', 20),
  'src/gone.ts': 'export const gone = 1\n'
}

it('lists the files a pull request of the branch shows: from the merge base, in the files API shape', async () => {
  dir = await makeLocalRepo(BASE_FILES)
  const a = lines('const a =', 10).replace('const a = 5\n', 'const a = 5 // changed\n')
  await commitFiles(dir, {
    'src/a.ts': a,
    'src/new.ts': 'export const fresh = true\nexport const more = 2\n',
    'src/gone.ts': null,
    'src/old-name.ts': null,
    'src/new-name.ts': lines('export const moved =', 20).replace('moved = 20', 'moved = 21'),
    'img/logo.bin': Buffer.from([0, 1, 2, 0, 255]).toString('latin1')
  })
  // main moves on after the branch was made: a pull request does not show that change.
  repoGit(dir, 'checkout', '-q', 'main')
  await commitFiles(dir, { 'src/main-only.ts': 'export const mainOnly = 1\n' }, 'on main')
  repoGit(dir, 'checkout', '-q', 'feature')

  const { gateway } = await gatewayOn(dir)
  const files = await gateway.listChangedFiles()
  const byPath = new Map(files.map((file) => [file.path, file]))
  expect([...byPath.keys()].sort()).toEqual([
    'img/logo.bin',
    'src/a.ts',
    'src/gone.ts',
    'src/new-name.ts',
    'src/new.ts'
  ])
  expect(byPath.get('src/a.ts')).toEqual({
    path: 'src/a.ts',
    status: 'modified',
    additions: 1,
    deletions: 1,
    patch: [
      '@@ -2,7 +2,7 @@ const a = 1',
      ' const a = 2',
      ' const a = 3',
      ' const a = 4',
      '-const a = 5',
      '+const a = 5 // changed',
      ' const a = 6',
      ' const a = 7',
      ' const a = 8'
    ].join('\n')
  })
  expect(byPath.get('src/new.ts')).toEqual({
    path: 'src/new.ts',
    status: 'added',
    additions: 2,
    deletions: 0,
    patch: '@@ -0,0 +1,2 @@\n+export const fresh = true\n+export const more = 2'
  })
  expect(byPath.get('src/gone.ts')).toMatchObject({ status: 'removed', additions: 0, deletions: 1 })
  expect(byPath.get('src/new-name.ts')).toMatchObject({
    status: 'renamed',
    previousPath: 'src/old-name.ts',
    additions: 1,
    deletions: 1
  })
  expect(byPath.get('src/new-name.ts')?.patch).toContain('+export const moved = 21')
  const binary = byPath.get('img/logo.bin')
  expect(binary).toMatchObject({ status: 'added', additions: 0, deletions: 0 })
  expect(binary?.patch).toBeUndefined()
})

it('reads files at a ref, lists the branch commits oldest first, and compares two heads from their merge base', async () => {
  dir = await makeLocalRepo({ 'src/a.ts': 'one\n' })
  const first = await commitFiles(dir, { 'src/a.ts': 'one\ntwo\n' }, 'first')
  const second = await commitFiles(dir, { 'src/b.ts': 'bee\n' }, 'second')
  const { gateway, branch } = await gatewayOn(dir)
  expect(await gateway.listCommits()).toEqual([first, second])
  expect(await gateway.readFile('src/a.ts', branch.baseSha)).toBe('one\n')
  expect(await gateway.readFile('src/a.ts', second)).toBe('one\ntwo\n')
  expect(await gateway.readFile('src/missing.ts', second)).toBeUndefined()
  expect(await gateway.readFile('src', second)).toBeUndefined()
  const since = await gateway.compareFiles(branch.baseSha, first)
  expect(since?.map((file) => [file.path, file.status])).toEqual([['src/a.ts', 'modified']])
  expect(await gateway.compareFiles(branch.baseSha, 'f'.repeat(40))).toBeUndefined()
  const pr = await gateway.getPullRequest()
  expect(pr).toMatchObject({
    headSha: second,
    baseSha: branch.baseSha,
    headRef: 'feature',
    baseRef: 'main',
    draft: false,
    author: { login: 'dana-developer', isBot: false },
    reviews: []
  })
  expect(pr.body).toContain('- first\n- second')
})

it('lists the regular files directly in a folder at a ref; a missing folder or ref is []', async () => {
  dir = await makeLocalRepo({
    '.github/instructions/db.instructions.md': 'base db\n',
    '.github/instructions/deep/x.instructions.md': 'nested\n'
  })
  const head = await commitFiles(dir, { '.github/instructions/pr.instructions.md': 'pr\n' })
  const { gateway, branch, git, store } = await gatewayOn(dir)
  expect(await gateway.listFiles('.github/instructions', branch.baseSha)).toEqual([
    '.github/instructions/db.instructions.md'
  ])
  expect(await gateway.listFiles('.github/instructions/', head)).toEqual([
    '.github/instructions/db.instructions.md',
    '.github/instructions/pr.instructions.md'
  ])
  const inSubfolder = new LocalGateway({
    git: git.at(`${branch.toplevel}/.github`),
    branch,
    store,
    now: () => new Date()
  })
  expect(await inSubfolder.listFiles('.github/instructions', branch.baseSha)).toEqual([
    '.github/instructions/db.instructions.md'
  ])
  expect(await gateway.listFiles('.github/missing', branch.baseSha)).toEqual([])
  expect(await gateway.listFiles('.github/instructions', 'f'.repeat(40))).toEqual([])
})

it('--working-tree: the head is a commit of the tracked changes on HEAD, the same SHA for the same changes; untracked files stay out', async () => {
  dir = await makeLocalRepo({ 'src/a.ts': 'one\n' })
  const head = await commitFiles(dir, { 'src/a.ts': 'one\ntwo\n' })
  const clean = await gatewayOn(dir, true)
  expect(clean.branch.headSha).toBe(head)
  expect(clean.branch.snapshot).toBe(false)

  await writeFiles(dir, { 'src/a.ts': 'one\ntwo\nthree\n', 'notes.txt': 'untracked\n' })
  const dirty = await gatewayOn(dir, true)
  expect(dirty.branch.headSha).not.toBe(head)
  expect(dirty.branch.headCommit).toBe(head)
  expect(repoGit(dir, 'rev-parse', `${dirty.branch.headSha}^`).trim()).toBe(head)
  const files = await dirty.gateway.listChangedFiles()
  expect(files.map((file) => file.path)).toEqual(['src/a.ts'])
  expect(files[0]?.patch).toContain('+three')
  expect(await dirty.gateway.listCommits()).toEqual([head, dirty.branch.headSha])
  expect((await gatewayOn(dir, true)).branch.headSha).toBe(dirty.branch.headSha)
  // The developer's work tree and refs are untouched.
  expect(repoGit(dir, 'status', '--porcelain')).toBe(' M src/a.ts\n?? notes.txt\n')
  expect(repoGit(dir, 'stash', 'list')).toBe('')
  // Without --working-tree the head stays HEAD, whatever the work tree holds.
  expect((await gatewayOn(dir, false)).branch.headSha).toBe(head)
})

it('what the bot writes reads back, from this gateway and from the saved state file, as the state rules read a PR', async () => {
  dir = await makeLocalRepo({ 'src/a.ts': 'one\n' })
  const head = await commitFiles(dir, { 'src/a.ts': 'one\ntwo\n' })
  const { gateway, store } = await gatewayOn(dir)
  const finding = formatBotComment('Line two is unchecked.', {
    kind: 'finding',
    finding: 'Unchecked line',
    assessment: 'It is not checked.',
    score: 6,
    id: 'F1'
  })
  const review = await gateway.postReview(head, [{ path: 'src/a.ts', line: 2, body: finding }])
  const placement = review.placements[0]
  if (placement?.placed !== 'line') throw new Error('not placed on its line')
  const reply = formatBotComment('Still unchecked.', { kind: 'rebuttal', status: 'DISPUTED' })
  await gateway.replyToThread(placement.comment.id, reply)
  const started = await gateway.startCheckRun({
    headSha: head,
    name: 'review-my-code-bot',
    detailsUrl: 'local:review',
    title: 'Reviewing',
    summary: 'in progress'
  })
  if (started.kind !== 'created') throw new Error('no check run')
  await gateway.completeCheckRun(started.id, {
    title: 'Done',
    summary: 'done',
    text: 'record',
    conclusion: 'success'
  })
  const summary = await gateway.postIssueComment('first')
  await gateway.updateIssueComment(summary.id, 'second')

  const reloaded = await loadState(store.path)
  expect(reloaded.warnings).toEqual([])
  const again = new LocalGateway({
    git: (await gatewayOn(dir)).git,
    branch: (await gatewayOn(dir)).branch,
    store: new StateStore(store.path, reloaded.state ?? emptyState(BOT)),
    now: () => new Date()
  })
  for (const read of [gateway, again]) {
    const threads = await read.listReviewThreads()
    expect(threads).toHaveLength(1)
    expect(threads[0]?.comments.map((c) => [c.body, c.author?.login])).toEqual([
      [finding, BOT],
      [reply, BOT]
    ])
    expect(threads[0]).toMatchObject({ path: 'src/a.ts', line: 2, isResolved: false })
    expect(await read.listCheckRuns(head, 'review-my-code-bot')).toEqual([
      expect.objectContaining({
        id: started.id,
        appSlug: 'github-actions',
        status: 'completed',
        conclusion: 'success',
        text: 'record'
      })
    ])
    expect(await read.listCheckRuns(head, 'other')).toEqual([])
    expect((await read.listIssueComments()).map((c) => c.body)).toEqual(['second'])
    // A rebuttal the developer has not answered leaves the finding pending.
    const state = rebuildRunState({
      threads: await read.listReviewThreads(),
      issueComments: [],
      botLogins: [BOT],
      runRecord: null
    }).state
    expect(state.threads.map((t) => [t.status, t.assessment.finding, t.line])).toEqual([
      ['PENDING', 'Unchecked line', 2]
    ])
  }

  const threadId = (await gateway.listReviewThreads())[0]?.id ?? ''
  await gateway.resolveThread(threadId)
  expect((await loadState(store.path)).state?.threads[0]?.isResolved).toBe(true)
  await gateway.unresolveThread(threadId)
  expect((await loadState(store.path)).state?.threads[0]?.isResolved).toBe(false)
})

it('threads follow the code: lines inserted above move a thread, a changed line outdates it', async () => {
  dir = await makeLocalRepo({ 'src/a.ts': 'one\n' })
  const head = await commitFiles(dir, { 'src/a.ts': lines('line', 10) })
  const first = await gatewayOn(dir)
  const post = (line: number) =>
    first.gateway.postLineComment(head, { path: 'src/a.ts', line, body: `at ${line}` })
  await post(3)
  await post(8)
  await first.gateway.postFileComment(head, 'src/a.ts', 'on the file')
  const moved = lines('line', 10)
    .replace('line 1\n', 'line 0\nline 0.5\nline 1\n')
    .replace('line 8\n', 'line 8 changed\n')
  await commitFiles(dir, { 'src/a.ts': moved })
  const later = await gatewayOn(dir)
  const store = new StateStore(first.store.path, first.store.state)
  await followHead(later.git.at(later.branch.toplevel), store, later.branch.headSha)
  const saved = (await loadState(store.path)).state
  expect(
    saved?.threads.map((t) => [t.comments[0]?.body, t.line, t.originalLine, t.isOutdated])
  ).toEqual([
    ['at 3', 5, 3, false],
    ['at 8', null, 8, true],
    ['on the file', null, null, false]
  ])
})

it('movedLine: insertions before shift a line, a change on it outdates it, later hunks leave it', () => {
  const hunks = parseHunks(
    ['@@ -2,0 +3,2 @@', '+x', '+y', '@@ -5,2 +7,1 @@', '-a', '-b', '+c', '@@ -9 +10 @@'].join('\n')
  )
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((line) => movedLine(hunks, line))).toEqual([
    1,
    2,
    5,
    6,
    null,
    null,
    8,
    9,
    null,
    11
  ])
})
