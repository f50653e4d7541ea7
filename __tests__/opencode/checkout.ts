/**
 * Scratch checkouts for the opencode tests: a real git repository (plugins
 * load only from git repositories, so a plain directory would prove nothing)
 * and a fingerprint of every byte and link under a directory.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  symlink,
  writeFile
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export type FileSpec = string | { symlink: string }

/** git in a scratch checkout (never this repository), with a fixed identity; returns stdout. */
export function scratchGit(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: dir,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com'
    }
  })
}

/** Writes `files` (path -> content or symlink target), then git init + commit. */
export async function makeGitCheckout(files: Record<string, FileSpec>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'oc-checkout-'))
  for (const [path, spec] of Object.entries(files)) {
    const full = join(dir, path)
    await mkdir(dirname(full), { recursive: true })
    if (typeof spec === 'string') await writeFile(full, spec)
    else await symlink(spec.symlink, full)
  }
  const git = (...args: string[]): void => void scratchGit(dir, ...args)
  git('init', '-q', '-b', 'main')
  git('add', '-A')
  git('commit', '-q', '-m', 'PR head')
  return dir
}

/** Hash of every path, file content, mode and link target under `dir` (.git included). */
export async function fingerprint(dir: string): Promise<string> {
  const hash = createHash('sha256')
  async function walk(rel: string): Promise<void> {
    const entries = (await readdir(join(dir, rel))).sort()
    for (const name of entries) {
      const path = join(rel, name)
      const full = join(dir, path)
      const stats = await lstat(full)
      hash.update(`${path}\0${stats.mode}\0`)
      if (stats.isSymbolicLink()) hash.update(`link:${await readlink(full)}\0`)
      else if (stats.isDirectory()) await walk(path)
      else if (stats.isFile()) hash.update(await readFile(full))
    }
  }
  await walk('')
  return hash.digest('hex')
}
