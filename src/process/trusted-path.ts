/**
 * The PATH this action runs programs from (`opencode`, `git`, `npm`) and the
 * one the sidecar gets (opencode spawns `rg` and `git` by name).
 *
 * The pull request controls every file under GITHUB_WORKSPACE. A job that put
 * one of its folders on PATH (`echo "$GITHUB_WORKSPACE/node_modules/.bin" >>
 * $GITHUB_PATH`) would let the PR ship an `opencode`, `git` or `rg` that runs
 * beside the action and reads the GitHub token from the action's
 * `/proc/<pid>/environ`. An empty or relative entry names a folder relative
 * to whatever the current directory is: on a runner, the workspace.
 *
 * So an entry is kept only when it is absolute, is an existing directory,
 * and neither it nor its real path lies inside GITHUB_WORKSPACE or the
 * checkout under review. An entry whose `opencode`, `git`, `rg`, `npm` or
 * `node` is a symlink into those folders is left out whole, so that the first
 * hit of each of those names on the trusted PATH (what opencode's own lookup
 * finds) is always the program this module resolves.
 */
import { constants } from 'node:fs'
import { access, lstat, realpath, stat } from 'node:fs/promises'
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path'

/** Programs the action or its sidecar run by name. */
export const PROGRAMS_BY_NAME = ['opencode', 'git', 'rg', 'npm', 'node'] as const

/** A folder whose files the pull request controls. */
export interface UntrustedRoot {
  /** How messages name it, e.g. "GITHUB_WORKSPACE" or "the checkout". */
  readonly label: string
  /** The absolute path, and its real path when it exists. */
  readonly paths: readonly string[]
}

export interface TrustedPath {
  /** The PATH value: the kept entries joined with the platform delimiter. */
  readonly path: string
  readonly dirs: readonly string[]
  readonly untrusted: readonly UntrustedRoot[]
  /** Entries left out for safety (missing folders are omitted silently). */
  readonly dropped: ReadonlyArray<{ readonly entry: string; readonly reason: string }>
}

async function realOrNothing(path: string): Promise<string | undefined> {
  try {
    return await realpath(path)
  } catch {
    return undefined
  }
}

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

async function untrustedRoot(label: string, path: string): Promise<UntrustedRoot> {
  const absolute = resolve(path)
  const real = await realOrNothing(absolute)
  return { label, paths: real === undefined || real === absolute ? [absolute] : [absolute, real] }
}

/**
 * GITHUB_WORKSPACE (when set) and `checkouts`, the folders the PR controls.
 * A relative path is taken from this process's current directory.
 */
export async function untrustedRoots(
  env: Readonly<Record<string, string | undefined>>,
  checkouts: readonly string[] = []
): Promise<UntrustedRoot[]> {
  const roots: UntrustedRoot[] = []
  const workspace = env['GITHUB_WORKSPACE']?.trim() ?? ''
  if (workspace !== '') roots.push(await untrustedRoot('GITHUB_WORKSPACE', workspace))
  for (const checkout of checkouts) {
    if (checkout.trim() !== '') roots.push(await untrustedRoot('the checkout', checkout))
  }
  return roots
}

/**
 * The root `path` lies in (lexically or once symlinks are resolved), as a
 * phrase for messages; undefined when it lies in none.
 */
export async function untrustedLocation(
  path: string,
  roots: readonly UntrustedRoot[]
): Promise<string | undefined> {
  const absolute = resolve(path)
  const real = await realOrNothing(absolute)
  for (const root of roots) {
    for (const rootPath of root.paths) {
      if (isInside(rootPath, absolute)) return `inside ${root.label} (${rootPath})`
      if (real !== undefined && isInside(rootPath, real)) {
        return `resolves to ${real}, inside ${root.label} (${rootPath})`
      }
    }
  }
  return undefined
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return false
  }
}

/** Why `dir` may not be searched, or undefined when it may. */
async function unsafeEntry(
  dir: string,
  roots: readonly UntrustedRoot[]
): Promise<string | undefined> {
  const where = await untrustedLocation(dir, roots)
  if (where !== undefined) return `${where}, where the pull request controls the files`
  for (const name of PROGRAMS_BY_NAME) {
    const candidate = join(dir, name)
    try {
      await lstat(candidate)
    } catch {
      continue
    }
    const target = await untrustedLocation(candidate, roots)
    if (target !== undefined) return `its ${name} ${target}`
  }
  return undefined
}

/** `env.PATH` without the entries a pull request could fill (see above). */
export async function trustedPath(
  env: Readonly<Record<string, string | undefined>>,
  checkouts: readonly string[] = []
): Promise<TrustedPath> {
  const untrusted = await untrustedRoots(env, checkouts)
  const dirs: string[] = []
  const dropped: Array<{ entry: string; reason: string }> = []
  for (const entry of (env['PATH'] ?? '').split(delimiter)) {
    if (entry === '') {
      dropped.push({ entry, reason: 'an empty entry means the current directory' })
      continue
    }
    if (!isAbsolute(entry)) {
      dropped.push({ entry, reason: 'a relative entry depends on the current directory' })
      continue
    }
    if (dirs.includes(entry)) continue
    const unsafe = await unsafeEntry(entry, untrusted)
    if (unsafe !== undefined) {
      dropped.push({ entry, reason: unsafe })
      continue
    }
    if (await isDirectory(entry)) dirs.push(entry)
  }
  // An unset PATH is one empty entry: nothing worth reporting.
  const reported = env['PATH'] === undefined || env['PATH'] === '' ? [] : dropped
  return { path: dirs.join(delimiter), dirs, untrusted, dropped: reported }
}

/** Whether `path` is a regular file this process may execute. */
export async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK)
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/**
 * The absolute path of the first executable `name` on the trusted PATH,
 * skipping any that resolves into an untrusted root; undefined when none.
 */
export async function findProgram(name: string, trusted: TrustedPath): Promise<string | undefined> {
  for (const dir of trusted.dirs) {
    const candidate = join(dir, name)
    if (!(await isExecutableFile(candidate))) continue
    if ((await untrustedLocation(candidate, trusted.untrusted)) !== undefined) continue
    return candidate
  }
  return undefined
}
