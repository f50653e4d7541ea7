/**
 * Temporary git repositories for the local-mode tests: `git init` in the
 * system temp dir, no remote, a fixed identity in the repository's own
 * config (local mode reads user.name from it).
 */
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** git in `dir` with a clean environment; returns stdout. */
export function repoGit(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: dir,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z'
    }
  })
}

/** Writes `files` (path -> content; null deletes) into the work tree. */
export async function writeFiles(dir: string, files: Record<string, string | null>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const full = join(dir, path)
    if (content === null) {
      await rm(full, { force: true })
      continue
    }
    await mkdir(dirname(full), { recursive: true })
    await writeFile(full, content)
  }
}

/** Writes `files`, stages everything and commits; returns the new HEAD. */
export async function commitFiles(
  dir: string,
  files: Record<string, string | null>,
  message = 'change'
): Promise<string> {
  await writeFiles(dir, files)
  repoGit(dir, 'add', '-A')
  repoGit(dir, 'commit', '-q', '--allow-empty', '-m', message)
  return repoGit(dir, 'rev-parse', 'HEAD').trim()
}

/** A repository whose `main` holds `files`, with `branch` checked out on top of it. */
export async function makeLocalRepo(
  files: Record<string, string>,
  branch = 'feature'
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'local-repo-'))
  repoGit(dir, 'init', '-q', '-b', 'main')
  repoGit(dir, 'config', 'user.name', 'Dana Developer')
  repoGit(dir, 'config', 'user.email', 'dana@example.com')
  repoGit(dir, 'config', 'commit.gpgsign', 'false')
  await commitFiles(dir, files, 'base')
  repoGit(dir, 'checkout', '-q', '-b', branch)
  return dir
}

/** `count` numbered lines "<prefix> <n>", one per line, ending with a newline. */
export function lines(prefix: string, count: number): string {
  return Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`).join('\n') + '\n'
}
