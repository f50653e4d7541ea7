/**
 * The directory the sidecar serves: a sanitized export of the checkout.
 *
 * Why an export and not the checkout itself: OPENCODE_DISABLE_PROJECT_CONFIG
 * does not stop `.opencode/plugins/*.js` from running when the served
 * directory is a git repository (OPENCODE-FACTS.md), and plugin code would
 * run as the runner's user. Quarantining those paths inside the checkout
 * would mean editing the user's files and relying on a restore that a killed
 * runner never performs; an export leaves the checkout untouched and is just
 * a temp dir to delete.
 *
 * The export holds every regular file of the checkout except:
 * - `.git/` (no repository, so no git-triggered plugin loading, no hooks);
 * - PR-controlled OpenCode files: `.opencode/` and `opencode.json(c)` at any
 *   depth;
 * - symlinks that resolve outside the checkout (or into an excluded path, or
 *   nowhere): each one is logged and left out, because opencode's
 *   `external_directory` rule does not see through symlinks;
 * - sockets, FIFOs and devices (a FIFO would block a read forever).
 * Symlinks that stay inside are recreated as relative links inside the export.
 */
import { constants } from 'node:fs'
import { copyFile, lstat, mkdir, mkdtemp, readdir, realpath, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path'

/** Directory names never exported, wherever they appear. */
const EXCLUDED_DIRS = new Set(['.git', '.opencode'])
/** File names never exported, wherever they appear. */
const EXCLUDED_FILES = new Set(['opencode.json', 'opencode.jsonc'])

export interface WorkspaceLog {
  (message: string): void
}

export interface SanitizedWorkspace {
  /** Serve this directory. */
  readonly directory: string
  /** The temp dir holding the export (what dispose() removes). */
  readonly tempDir: string
  /** Paths (relative to the checkout) left out, with the reason. */
  readonly skipped: ReadonlyArray<{ readonly path: string; readonly reason: string }>
  /** Deletes the export; the checkout is never touched. */
  dispose(): Promise<void>
}

function isExcludedName(name: string, isDirectory: boolean): boolean {
  return isDirectory ? EXCLUDED_DIRS.has(name) : EXCLUDED_FILES.has(name)
}

/** True when `relPath` (relative to the checkout) lies in an excluded path. */
export function isExcludedPath(relPath: string): boolean {
  const parts = relPath.split(sep)
  return parts.some(
    (part, index) =>
      EXCLUDED_DIRS.has(part) || (index === parts.length - 1 && EXCLUDED_FILES.has(part))
  )
}

function inside(root: string, target: string): string | undefined {
  const rel = relative(root, target)
  if (rel === '') return ''
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined
  return rel
}

export async function createSanitizedWorkspace(
  checkout: string,
  log: WorkspaceLog = () => undefined
): Promise<SanitizedWorkspace> {
  const root = await realpath(checkout)
  const holder = await mkdtemp(join(tmpdir(), 'opencode-workspace-'))
  const directory = join(holder, basename(root) || 'workspace')
  const skipped: Array<{ path: string; reason: string }> = []
  const skip = (path: string, reason: string): void => {
    skipped.push({ path, reason })
    log(`Workspace: left out ${path} (${reason})`)
  }

  async function linkTarget(source: string, relPath: string): Promise<string | undefined> {
    let resolved: string
    try {
      resolved = await realpath(source)
    } catch {
      skip(relPath, 'symlink that resolves nowhere')
      return undefined
    }
    const relTarget = inside(root, resolved)
    if (relTarget === undefined) {
      skip(relPath, `symlink to ${resolved}, outside the workspace`)
      return undefined
    }
    if (relTarget !== '' && isExcludedPath(relTarget)) {
      skip(relPath, `symlink into excluded ${relTarget}`)
      return undefined
    }
    // Relative, so the link points into the export, never back at the checkout.
    return relative(dirname(join(directory, relPath)), join(directory, relTarget)) || '.'
  }

  async function walk(relDir: string): Promise<void> {
    await mkdir(join(directory, relDir), { recursive: true })
    const entries = await readdir(join(root, relDir), { withFileTypes: true })
    for (const entry of entries) {
      const relPath = relDir === '' ? entry.name : join(relDir, entry.name)
      const source = join(root, relPath)
      const target = join(directory, relPath)
      if (entry.isDirectory()) {
        if (isExcludedName(entry.name, true)) {
          if (entry.name !== '.git') skip(relPath, 'PR-controlled OpenCode directory')
          continue
        }
        await walk(relPath)
      } else if (entry.isSymbolicLink()) {
        if (isExcludedName(entry.name, false) || EXCLUDED_DIRS.has(entry.name)) {
          skip(relPath, 'PR-controlled OpenCode path')
          continue
        }
        const link = await linkTarget(source, relPath)
        if (link !== undefined) await symlink(link, target)
      } else if (entry.isFile()) {
        if (isExcludedName(entry.name, false)) {
          skip(relPath, 'PR-controlled OpenCode config')
          continue
        }
        // A reflink where the file system offers one, a plain copy otherwise.
        await copyFile(source, target, constants.COPYFILE_FICLONE)
      } else {
        const stats = await lstat(source)
        skip(relPath, `special file (mode ${stats.mode.toString(8)})`)
      }
    }
  }

  try {
    await walk('')
  } catch (error) {
    await rm(holder, { recursive: true, force: true })
    throw new Error(
      `could not export the checkout ${root} to ${directory}: ${error instanceof Error ? error.message : String(error)}`
    )
  }
  return {
    directory,
    tempDir: holder,
    skipped,
    dispose: () => rm(holder, { recursive: true, force: true })
  }
}
