/**
 * What a local review reviews, read from git: the current branch is the
 * "pull request", its head is HEAD (or, with --working-tree, a commit of the
 * tracked working-tree changes on top of HEAD), and its base is the merge
 * base of HEAD with the base ref, as GitHub diffs a pull request from the
 * merge base of its branches.
 */
import { basename, resolve } from 'node:path'
import { LocalUsageError } from './local-usage-error.js'
import type { LocalGit } from './local-git.js'

export interface LocalBranch {
  /** The work tree's root. */
  readonly toplevel: string
  /** The git common dir (absolute): shared by every worktree of the repository. */
  readonly commonDir: string
  /** The branch under review (short name); "HEAD" when detached. */
  readonly branch: string
  /** The base ref as the developer named it (or the default that was found). */
  readonly baseRef: string
  /** The merge base of HEAD with the base ref: the pull request's base commit. */
  readonly baseSha: string
  /** HEAD's commit. */
  readonly headCommit: string
  /** The head under review: HEAD, or the working-tree snapshot on top of it. */
  readonly headSha: string
  /** True when headSha is a snapshot of uncommitted tracked changes. */
  readonly snapshot: boolean
  /** The developer as git knows them (user.name), and a login made from it. */
  readonly userName: string
  readonly userLogin: string
  /** The repository's folder name: the "repo" of the local pull request. */
  readonly repoName: string
}

/** The identity and date of the snapshot commit: fixed, so one tree on one HEAD is one SHA. */
const SNAPSHOT_IDENT = {
  GIT_AUTHOR_NAME: 'review-my-code-bot',
  GIT_AUTHOR_EMAIL: 'review-my-code-bot@localhost',
  GIT_COMMITTER_NAME: 'review-my-code-bot',
  GIT_COMMITTER_EMAIL: 'review-my-code-bot@localhost'
}

export interface RepositoryRoot {
  readonly toplevel: string
  readonly commonDir: string
  /** The current branch's short name; undefined when HEAD is detached. */
  readonly branch: string | undefined
}

/** The work tree `cwd` is in; LocalUsageError when it is in none. */
export async function findRepository(git: LocalGit): Promise<RepositoryRoot> {
  const top = await git.run(['rev-parse', '--show-toplevel'])
  const toplevel = top.stdout.trim()
  if (top.code !== 0 || toplevel === '') {
    throw new LocalUsageError(
      `${git.cwd} is not inside a git work tree (git said: ${top.stderr || 'nothing'}); run the review from inside the repository to review`
    )
  }
  const atTop = git.at(toplevel)
  const common = await atTop.output(['rev-parse', '--git-common-dir'])
  const branch = await atTop.value(['symbolic-ref', '--quiet', '--short', 'HEAD'])
  return { toplevel, commonDir: resolve(toplevel, common.trim()), branch }
}

/** The default base: the remote's default branch (refs/remotes/origin/HEAD), else `main`. */
async function defaultBase(git: LocalGit): Promise<string> {
  const remoteHead = await git.value(['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD'])
  return remoteHead?.replace(/^refs\/remotes\//, '') ?? 'main'
}

async function commitOf(git: LocalGit, ref: string): Promise<string | undefined> {
  return git.value(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])
}

/** A login-like form of `name`: lowercase letters, digits and dashes. */
export function loginFrom(name: string): string {
  const login = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return login === '' ? 'developer' : login.slice(0, 39)
}

/**
 * The tracked working-tree changes as a commit on top of HEAD, or HEAD when
 * there are none. `git stash create` writes the tree without touching any
 * ref or file; the commit on top is made with a fixed identity and HEAD's
 * date, so the same changes give the same SHA run after run.
 */
async function workingTreeHead(git: LocalGit, head: string): Promise<string> {
  const stash = (await git.output(['stash', 'create'], SNAPSHOT_IDENT)).trim()
  if (stash === '') return head
  const tree = (await git.output(['rev-parse', `${stash}^{tree}`])).trim()
  const date = `@${(await git.output(['log', '-1', '--format=%ct', head])).trim()} +0000`
  const message = 'review-my-code-bot: tracked working-tree changes'
  const commit = await git.output(['commit-tree', tree, '-p', head, '-m', message], {
    ...SNAPSHOT_IDENT,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date
  })
  return commit.trim()
}

/** Reads the branch to review; LocalUsageError for what the developer must change. */
export async function readLocalBranch(
  cwdGit: LocalGit,
  options: { readonly base?: string | undefined; readonly workingTree: boolean }
): Promise<LocalBranch> {
  const root = await findRepository(cwdGit)
  const git = cwdGit.at(root.toplevel)
  if (root.branch === undefined && options.base === undefined) {
    throw new LocalUsageError(
      'HEAD is detached: there is no branch to review against a default base; check out a branch or pass --base <ref>'
    )
  }
  const headCommit = await commitOf(git, 'HEAD')
  if (headCommit === undefined) {
    throw new LocalUsageError('HEAD names no commit yet: commit something first')
  }
  const baseRef = options.base ?? (await defaultBase(git))
  const baseCommit = await commitOf(git, baseRef)
  if (baseCommit === undefined) {
    throw new LocalUsageError(
      options.base === undefined
        ? `no base branch: refs/remotes/origin/HEAD is not set and there is no "${baseRef}"; pass --base <ref>`
        : `unknown --base ${JSON.stringify(baseRef)}: git knows no commit by that name`
    )
  }
  const baseSha = await git.value(['merge-base', baseCommit, headCommit])
  if (baseSha === undefined) {
    throw new LocalUsageError(
      `HEAD and ${baseRef} share no history (no merge base); pass the --base the branch was made from`
    )
  }
  const headSha = options.workingTree ? await workingTreeHead(git, headCommit) : headCommit
  const userName = (await git.value(['config', 'user.name'])) ?? ''
  return {
    toplevel: root.toplevel,
    commonDir: root.commonDir,
    branch: root.branch ?? 'HEAD',
    baseRef,
    baseSha,
    headCommit,
    headSha,
    snapshot: headSha !== headCommit,
    userName: userName === '' ? 'developer' : userName,
    userLogin: loginFrom(userName),
    repoName: basename(root.toplevel) || 'repository'
  }
}
