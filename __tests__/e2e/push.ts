/**
 * Pull requests that live through several runs: a PR seeded from synthetic
 * file histories, and pushes that move its head. At every head the fake's
 * files API (the PR's patches), its contents API (each file's text at the
 * head and at the base) and the git checkout the sidecar exports hold the
 * same versions, so the engine can read both heads the way it would on
 * GitHub.
 *
 * A push records what GitHub answers for the three-dot compare of the PR's
 * (possibly new) base with the old head: the PR's files as they were at the
 * old head. After a base merge or a force-push GitHub still diffs that pair
 * from their merge base (the old base), so that answer holds for every kind
 * of push.
 */
import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { scratchGit } from '../opencode/checkout.js'
import type { FakeFile } from '../support/fake-github/pull-state.js'
import { changedFile, fakeFile } from '../support/pr-history.js'
import { checkoutHead, OWNER, REPO, startScenario, type Scenario } from './harness.js'

/** One file of the PR at one head: its text at the merge base and at the head. */
export interface FileVersion {
  readonly path: string
  /** '' when the PR adds the file. */
  readonly base: string
  readonly head: string
}

/** A commit SHA (40 hex digits) named after `label`, the same for the same label. */
export function sha(label: string): string {
  return createHash('sha1').update(label).digest('hex')
}

/** The PR's files as the files API lists them at a head (files the PR leaves alone are not listed). */
export function prFiles(versions: readonly FileVersion[]): FakeFile[] {
  return versions
    .filter((file) => file.base !== file.head)
    .map((file) => fakeFile(changedFile(file.path, file.base, file.head)))
}

/** The PR's files at its old head (oldHead texts) and after the push (newHead texts). */
export function headsOf(
  history: readonly { path: string; base: string; oldHead: string; newHead: string }[]
): { old: FileVersion[]; new: FileVersion[] } {
  return {
    old: history.map((f) => ({ path: f.path, base: f.base, head: f.oldHead })),
    new: history.map((f) => ({ path: f.path, base: f.base, head: f.newHead }))
  }
}

function seedContents(
  scenario: Scenario,
  ref: string,
  texts: Iterable<readonly [string, string]>
): void {
  for (const [path, text] of texts) {
    if (text !== '') scenario.github.state.setFileContent(OWNER, REPO, ref, path, text)
  }
}

/**
 * Writes the head's texts into the checkout and commits them, as
 * actions/checkout would show the head; returns the new commit.
 */
async function checkOut(scenario: Scenario, texts: Record<string, string>): Promise<string> {
  for (const [path, text] of Object.entries(texts)) {
    const full = join(scenario.checkout, path)
    await mkdir(dirname(full), { recursive: true })
    await writeFile(full, text)
  }
  scratchGit(scenario.checkout, 'add', '-A')
  scratchGit(scenario.checkout, 'commit', '-q', '--allow-empty', '-m', 'head')
  return checkoutHead(scenario.checkout)
}

/** The PR's head is the checkout's first commit: read it from `scenario.pr.headSha`. */
export interface HistoryStart {
  readonly baseSha: string
  /** Files of the repository the PR does not change, path -> text (the same at base and head). */
  readonly others?: Record<string, string>
}

/** A scenario whose PR has `files` (and `others`) at its head, readable at the head and the base. */
export async function startHistoryScenario(
  files: readonly FileVersion[],
  start: HistoryStart
): Promise<Scenario> {
  const others = Object.entries(start.others ?? {})
  const scenario = await startScenario(
    files.map((file) => {
      if (file.base === file.head) throw new Error(`${file.path}: the PR does not change it`)
      return {
        checkout: { [file.path]: file.head },
        github: fakeFile(changedFile(file.path, file.base, file.head))
      }
    }),
    { baseSha: start.baseSha }
  )
  // Files the PR leaves alone are in the checkout too, not in the PR's file list.
  if (others.length > 0) scenario.pr.headSha = await checkOut(scenario, Object.fromEntries(others))
  const head = scenario.pr.headSha
  seedContents(scenario, head, [...files.map((f) => [f.path, f.head] as const), ...others])
  seedContents(scenario, start.baseSha, [...files.map((f) => [f.path, f.base] as const), ...others])
  return scenario
}

/** The new head is the commit the push makes in the checkout: read it from `scenario.pr.headSha`. */
export interface Push {
  /** The PR's files at the new head (their base texts against the new base, if it moved). */
  readonly files: readonly FileVersion[]
  /** The base branch's tip the PR is compared with now (a base merge moves it). */
  readonly baseSha?: string
  /**
   * Files of the repository the PR does not change, path -> text, the same at
   * the new head and at the (new) base: e.g. a file a base merge brought in.
   */
  readonly others?: Record<string, string>
  /**
   * append: the new head is one more commit on top of the old one (a push or
   * a merge commit); rewrite: a force-push replaced the PR's commits with
   * `rewritten` and the new head, so the old head is no longer one of them.
   */
  readonly history?: { kind: 'append' } | { kind: 'rewrite'; rewritten: readonly string[] }
}

/** Moves the PR's head the way GitHub shows a push to the next run; returns the old head. */
export async function push(scenario: Scenario, next: Push): Promise<string> {
  const { pr, github } = scenario
  const from = pr.headSha
  const oldFiles = [...pr.files]
  const commits = pr.commits ?? [from]
  if (next.baseSha !== undefined) pr.baseSha = next.baseSha
  github.state.setComparison(OWNER, REPO, pr.baseSha, from, oldFiles)
  const others = Object.entries(next.others ?? {})
  const to = await checkOut(scenario, {
    ...Object.fromEntries(next.files.map((f) => [f.path, f.head])),
    ...Object.fromEntries(others)
  })
  pr.headSha = to
  pr.files = prFiles(next.files)
  pr.commits = next.history?.kind === 'rewrite' ? [...next.history.rewritten, to] : [...commits, to]
  seedContents(scenario, to, [...next.files.map((f) => [f.path, f.head] as const), ...others])
  seedContents(scenario, pr.baseSha, [
    ...next.files.map((f) => [f.path, f.base] as const),
    ...others
  ])
  return from
}
