/**
 * The createCommitOnBranch mutation over the fake's state. The branch is a
 * PR's head branch in the PR's own repository; the commit lands only when
 * the branch still points at expectedHeadOid, and then moves the PR's head
 * the way a push does (one more commit on the PR, the files at the new head),
 * so later REST reads see it. Refusals are thrown as GitHub-typed GraphQL
 * errors: HTTP 200, `data.createCommitOnBranch` null, an `errors` entry.
 */
import { createHash } from 'node:crypto'
import { changedFile, fakeFile } from '../pr-history.js'
import { githubError } from './graphql-errors.js'
import { pullCommits, type FakeBranchCommit, type FakePullRequest } from './pull-state.js'
import type { FakeGitHubState } from './state.js'

export interface CommitOnBranchInput {
  readonly branch: {
    readonly repositoryNameWithOwner?: string | null
    readonly branchName?: string | null
  }
  readonly expectedHeadOid: string
  readonly message: { readonly headline: string; readonly body?: string | null }
  readonly fileChanges?: {
    readonly additions?: readonly { readonly path: string; readonly contents: string }[] | null
    readonly deletions?: readonly { readonly path: string }[] | null
  } | null
}

/** RFC 4648 base64 with correct padding, as GitHub requires. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** `owner/repo:branch` with owner/repo lower-cased: the key of state.branchCommits. */
export function branchKey(owner: string, repo: string, branch: string): string {
  return `${owner}/${repo}`.toLowerCase() + `:${branch}`
}

function findBranch(state: FakeGitHubState, input: CommitOnBranchInput): FakePullRequest {
  const nameWithOwner = input.branch.repositoryNameWithOwner ?? ''
  const branch = (input.branch.branchName ?? '').replace(/^refs\/heads\//, '')
  if (!state.repos.has(nameWithOwner.toLowerCase()))
    throw githubError(
      'NOT_FOUND',
      `Could not resolve to a Repository with the name '${nameWithOwner}'.`
    )
  // A fork's branch is not in this repository, whatever its name.
  const pr = [...state.pulls.values()].find((candidate) => {
    const own = `${candidate.owner}/${candidate.repo}`.toLowerCase()
    const head = candidate.headRepo === undefined ? own : candidate.headRepo?.toLowerCase()
    return own === nameWithOwner.toLowerCase() && head === own && candidate.headRef === branch
  })
  if (!pr) throw githubError('NOT_FOUND', `A ref named "refs/heads/${branch}" does not exist.`)
  return pr
}

function readChanges(input: CommitOnBranchInput) {
  const additions = (input.fileChanges?.additions ?? []).map((addition) => {
    if (!BASE64.test(addition.contents))
      throw githubError('UNPROCESSABLE', `Invalid base64 contents for "${addition.path}".`)
    return { path: addition.path, contents: Buffer.from(addition.contents, 'base64') }
  })
  const deletions = (input.fileChanges?.deletions ?? []).map((deletion) => deletion.path)
  const paths = [...additions.map((addition) => addition.path), ...deletions]
  const twice = paths.find((path, index) => paths.indexOf(path) !== index)
  if (twice !== undefined)
    throw githubError('UNPROCESSABLE', `The path "${twice}" appears more than once in fileChanges.`)
  return { additions, deletions }
}

/**
 * What GitHub's compare of the old head with the new one answers (the commit's
 * own changes), and the PR's files list against its base, for the paths the
 * commit added or changed. (A deleted path is listed as removed in the compare.)
 */
function recordDiff(state: FakeGitHubState, pr: FakePullRequest, commit: FakeBranchCommit) {
  const before = state.fileContent(pr.owner, pr.repo, commit.parent) ?? new Map<string, string>()
  const base = state.fileContent(pr.owner, pr.repo, pr.baseSha) ?? new Map<string, string>()
  const compared = commit.additions.map((addition) =>
    fakeFile(
      changedFile(
        addition.path,
        before.get(addition.path) ?? '',
        addition.contents.toString('utf8')
      )
    )
  )
  const removed = commit.deletions.map((path) => ({
    filename: path,
    status: 'removed',
    additions: 0,
    deletions: (before.get(path) ?? '').split('\n').length - 1
  }))
  state.setComparison(pr.owner, pr.repo, commit.parent, commit.oid, [...compared, ...removed])
  // As after a push: the base compared with the old head lists the PR's files as they were.
  if (state.comparison(pr.owner, pr.repo, `${pr.baseSha}...${commit.parent}`) === undefined)
    state.setComparison(pr.owner, pr.repo, pr.baseSha, commit.parent, [...pr.files])
  for (const addition of commit.additions) {
    const file = fakeFile(
      changedFile(addition.path, base.get(addition.path) ?? '', addition.contents.toString('utf8'))
    )
    pr.files = [...pr.files.filter((f) => f.filename !== addition.path), file]
  }
}

/** The files at the new head: those at the old head with the commit's changes applied. */
function moveContents(state: FakeGitHubState, pr: FakePullRequest, commit: FakeBranchCommit) {
  const files = new Map(state.fileContent(pr.owner, pr.repo, commit.parent) ?? [])
  for (const addition of commit.additions)
    files.set(addition.path, addition.contents.toString('utf8'))
  for (const path of commit.deletions) files.delete(path)
  for (const [path, text] of files) state.setFileContent(pr.owner, pr.repo, commit.oid, path, text)
}

export function commitOnBranch(state: FakeGitHubState, input: CommitOnBranchInput) {
  if (state.commitForbidden)
    throw githubError('FORBIDDEN', 'Resource not accessible by integration')
  const pr = findBranch(state, input)
  if (input.expectedHeadOid !== pr.headSha)
    throw githubError(
      'STALE_DATA',
      `Expected branch to point to "${input.expectedHeadOid}" but it did not.  Pull and try again.`
    )
  const changes = readChanges(input)
  const oid = createHash('sha1')
    .update(`${pr.headSha}:${input.message.headline}:${state.nextId()}`)
    .digest('hex')
  const commit: FakeBranchCommit = {
    oid,
    parent: pr.headSha,
    headline: input.message.headline,
    body: input.message.body ?? '',
    ...changes
  }
  const key = branchKey(pr.owner, pr.repo, pr.headRef)
  state.branchCommits.set(key, [...(state.branchCommits.get(key) ?? []), commit])
  recordDiff(state, pr, commit)
  moveContents(state, pr, commit)
  pr.commits = [...pullCommits(pr), oid]
  pr.headSha = oid
  return { commit: { oid, url: `https://github.com/${pr.owner}/${pr.repo}/commit/${oid}` } }
}

/** The commit createCommitOnBranch made with this oid, if it made one. */
export function branchCommit(state: FakeGitHubState, oid: string): FakeBranchCommit | undefined {
  for (const commits of state.branchCommits.values()) {
    const found = commits.find((commit) => commit.oid === oid)
    if (found) return found
  }
  return undefined
}
