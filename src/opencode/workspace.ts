/**
 * The directory the sidecar serves: a sanitized export of the checkout.
 *
 * Why an export and not the checkout itself: OPENCODE_DISABLE_PROJECT_CONFIG
 * does not stop `.opencode/plugins/*.js` from running when the served
 * directory is a git repository (reproduced with opencode 1.18.33), and plugin code would
 * run as the runner's user. Quarantining those paths inside the checkout
 * would mean editing the user's files and relying on a restore that a killed
 * runner never performs; an export leaves the checkout untouched and is just
 * a temp dir to delete.
 *
 * In a git repository the export holds only the files git tracks (the index:
 * what actions/checkout wrote from the head commit, plus populated
 * submodules). Untracked and ignored files are left out: earlier workflow
 * steps write credentials (`gha-creds-*.json` from google-github-actions/auth),
 * `.env` files and build output into the workspace, and the agent would read
 * and quote them. Tracked files are copied with their working-tree content,
 * not read from HEAD: actions/checkout leaves the two equal, a local run
 * reviews what is on disk, and the copy stays a plain file copy (no git
 * object reads, no smudge filters). Outside a git repository (local runs)
 * every file is exported, and the log says so.
 *
 * Of those files the export holds every regular file except:
 * - the names of export-exclusions.ts at any depth: `.git/`, `.opencode/`,
 *   `opencode.json(c)` and the instruction files opencode's read tool would
 *   inject into the prompt (`AGENTS.md`, `CLAUDE.md`, `CONTEXT.md`, ...);
 * - symlinks that resolve outside the checkout (or into an excluded path, or
 *   nowhere): each one is logged and left out, because opencode's
 *   `external_directory` rule does not see through symlinks;
 * - sockets, FIFOs and devices (a FIFO would block a read forever).
 * Symlinks that stay inside are recreated as relative links inside the export.
 */
import { constants, type Dirent } from 'node:fs'
import { copyFile, lstat, mkdir, mkdtemp, readdir, realpath, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, isAbsolute, join, relative } from 'node:path'
import { exclusionReason, INSTRUCTION_REASON, isExcludedPath } from './export-exclusions.js'
import { listTrackedFiles, type TrackedFiles } from '../process/git-files.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { TrustedPath } from '../process/trusted-path.js'

/** How many paths a summary line names. */
const SUMMARY_EXAMPLES = 5

export interface WorkspaceLog {
  /** `info` for what every run expects (instruction files); `warning` otherwise. */
  (message: string, level?: 'info' | 'warning'): void
}

export interface SanitizedWorkspace {
  /** Serve this directory. */
  readonly directory: string
  /** The temp dir holding the export (what dispose() removes). */
  readonly tempDir: string
  /** Paths (relative to the checkout) left out, with the reason. */
  readonly skipped: ReadonlyArray<{ readonly path: string; readonly reason: string }>
  /** 'git': tracked files only; 'tree': not a git repository, every file. */
  readonly source: 'git' | 'tree'
  /**
   * Untracked or ignored paths left out (git only). An untracked directory is
   * one entry ending in `/`: it is not descended into.
   */
  readonly untracked: readonly string[]
  /** Deletes the export; the checkout is never touched. */
  dispose(): Promise<void>
}

/** The first few of `paths`, quoted, for a summary line. */
function examples(paths: readonly string[]): string {
  const named = paths.slice(0, SUMMARY_EXAMPLES).map((path) => JSON.stringify(path))
  return `${named.join(', ')}${paths.length > SUMMARY_EXAMPLES ? ', ...' : ''}`
}

function inside(root: string, target: string): string | undefined {
  const rel = relative(root, target)
  if (rel === '') return ''
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined
  return rel
}

/** One export in progress: the checkout's tree copied entry by entry, what was left out noted. */
class ExportWalk {
  readonly skipped: Array<{ path: string; reason: string }> = []
  readonly untracked: string[] = []

  constructor(
    private readonly root: string,
    /** The export's root (inside the temp dir). */
    readonly directory: string,
    private readonly tracked: TrackedFiles,
    private readonly log: WorkspaceLog
  ) {}

  /** Whether git tracks `relPath` (or a path below it); always true outside git. */
  private isTracked(relPath: string, isDirectory: boolean): boolean {
    const { tracked } = this
    return (
      tracked.kind !== 'git' ||
      tracked.files.has(relPath) ||
      (isDirectory && tracked.dirs.has(relPath))
    )
  }

  private skip(path: string, reason: string): void {
    this.skipped.push({ path, reason })
    // Instruction files are common (one per package in a monorepo): they get
    // one summary line below instead.
    if (!reason.endsWith(INSTRUCTION_REASON)) this.log(`Workspace: left out ${path} (${reason})`)
  }

  /**
   * Left out unless tracked: untracked paths are noted (a directory is not
   * descended into). Returns whether the entry is to be exported.
   */
  private keepTracked(relPath: string, isDirectory: boolean): boolean {
    if (this.isTracked(relPath, isDirectory)) return true
    this.untracked.push(isDirectory ? `${relPath}/` : relPath)
    return false
  }

  private async linkTarget(source: string, relPath: string): Promise<string | undefined> {
    let resolved: string
    try {
      resolved = await realpath(source)
    } catch {
      this.skip(relPath, 'symlink that resolves nowhere')
      return undefined
    }
    const relTarget = inside(this.root, resolved)
    if (relTarget === undefined) {
      this.skip(relPath, `symlink to ${resolved}, outside the workspace`)
      return undefined
    }
    if (relTarget !== '' && isExcludedPath(relTarget)) {
      this.skip(relPath, `symlink into excluded ${relTarget}`)
      return undefined
    }
    if (relTarget !== '' && !this.isTracked(relTarget, true)) {
      // The target is not exported; a link to it would only dangle.
      this.skip(relPath, `symlink to untracked ${relTarget}`)
      return undefined
    }
    // Relative, so the link points into the export, never back at the checkout.
    const { directory } = this
    return relative(dirname(join(directory, relPath)), join(directory, relTarget)) || '.'
  }

  async walk(relDir: string): Promise<void> {
    await mkdir(join(this.directory, relDir), { recursive: true })
    const entries = await readdir(join(this.root, relDir), { withFileTypes: true })
    for (const entry of entries) {
      // `.git` (a directory, or a file in a submodule or worktree) is never
      // exported and never worth a log line.
      if (entry.name === '.git') continue
      await this.exportEntry(entry, relDir === '' ? entry.name : join(relDir, entry.name))
    }
  }

  private async exportEntry(entry: Dirent, relPath: string): Promise<void> {
    const source = join(this.root, relPath)
    const target = join(this.directory, relPath)
    const kind = entry.isDirectory()
      ? 'directory'
      : entry.isSymbolicLink()
        ? 'symlink'
        : entry.isFile()
          ? 'file'
          : 'special'
    if (kind !== 'special') {
      const excluded = exclusionReason(entry.name, kind)
      if (excluded !== undefined) {
        this.skip(relPath, kind === 'symlink' ? `symlink: ${excluded}` : excluded)
        return
      }
    }
    // Special files are never tracked as such, but a tracked path can be
    // replaced by one in the working tree; either way it stays out.
    if (!this.keepTracked(relPath, kind === 'directory')) return
    if (kind === 'directory') {
      await this.walk(relPath)
    } else if (kind === 'symlink') {
      const link = await this.linkTarget(source, relPath)
      if (link !== undefined) await symlink(link, target)
    } else if (kind === 'file') {
      // A reflink where the file system offers one, a plain copy otherwise.
      await copyFile(source, target, constants.COPYFILE_FICLONE)
    } else {
      const stats = await lstat(source)
      this.skip(relPath, `special file (mode ${stats.mode.toString(8)})`)
    }
  }

  /** One line each for the untracked paths and the instruction files, not one per path. */
  logSummaries(): void {
    this.untracked.sort()
    if (this.untracked.length > 0) {
      // An ignored node_modules/ or build output would otherwise flood the log.
      this.log(
        `Workspace: left out ${this.untracked.length} untracked or ignored path(s) git does not track (e.g. ${examples(this.untracked)})`
      )
    }
    const instructions = this.skipped
      .filter((entry) => entry.reason.endsWith(INSTRUCTION_REASON))
      .map((entry) => entry.path)
    if (instructions.length > 0) {
      this.log(
        `Workspace: left out ${instructions.length} instruction file(s) opencode would inject into the prompt; the model sees their changes in the diff only (e.g. ${examples(instructions)})`,
        'info'
      )
    }
  }
}

/**
 * Exports `checkout`. `trusted` is the PATH git is taken from (default: the
 * trusted PATH of this process's environment, see git-files.ts).
 */
export async function createSanitizedWorkspace(
  checkout: string,
  log: WorkspaceLog = () => undefined,
  trusted?: TrustedPath
): Promise<SanitizedWorkspace> {
  const root = await realpath(checkout)
  const tracked = await listTrackedFiles(root, trusted)
  if (tracked.kind === 'not-a-repository') {
    log(`Workspace: ${root} is not a git repository, exporting every file (${tracked.reason})`)
  }
  const holder = await mkdtemp(join(tmpdir(), 'opencode-workspace-'))
  const walk = new ExportWalk(root, join(holder, basename(root) || 'workspace'), tracked, log)
  try {
    await walk.walk('')
  } catch (error) {
    await rm(holder, { recursive: true, force: true })
    throw new Error(
      `could not export the checkout ${root} to ${walk.directory}: ${getErrorMessage(error)}`
    )
  }
  walk.logSummaries()
  return {
    directory: walk.directory,
    tempDir: holder,
    skipped: walk.skipped,
    source: tracked.kind === 'git' ? 'git' : 'tree',
    untracked: walk.untracked,
    dispose: () => rm(holder, { recursive: true, force: true })
  }
}
