/**
 * Threads follow the code, as on GitHub: a comment stays on the line it was
 * written on (`originalLine` in the commit it was written on), and `line` is
 * where that line is at the head under review, or null when the line itself
 * changed since (the thread is outdated). Without this, a commit that adds
 * lines above a finding would leave its thread pointing at the wrong line,
 * for the developer and for the next run's fix verification and dedupe.
 */
import type { LocalGit } from './local-git.js'
import type { StateStore, StoredThread } from './local-state-file.js'

interface Hunk {
  /** First old line and count (`-a,b`). */
  readonly oldStart: number
  readonly oldCount: number
  readonly newCount: number
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,(\d+))? @@/

/** The hunks of a zero-context diff of one file. */
export function parseHunks(patch: string): Hunk[] {
  const hunks: Hunk[] = []
  for (const line of patch.split('\n')) {
    const match = HUNK_HEADER.exec(line)
    if (match === null) continue
    hunks.push({
      oldStart: Number(match[1]),
      oldCount: match[2] === undefined ? 1 : Number(match[2]),
      newCount: match[3] === undefined ? 1 : Number(match[3])
    })
  }
  return hunks
}

/**
 * Where old line `line` is after the changes `hunks` make; null when a hunk
 * changed or removed it. A pure insertion (`-a,0`) comes after old line a.
 */
export function movedLine(hunks: readonly Hunk[], line: number): number | null {
  let shift = 0
  for (const hunk of hunks) {
    if (hunk.oldCount === 0 ? line <= hunk.oldStart : line < hunk.oldStart) break
    if (hunk.oldCount > 0 && line < hunk.oldStart + hunk.oldCount) return null
    shift += hunk.newCount - hunk.oldCount
  }
  return line + shift
}

/** The thread's line at `headSha`; undefined when it cannot be told (keep what is stored). */
async function lineAt(
  git: LocalGit,
  thread: StoredThread,
  headSha: string
): Promise<number | null | undefined> {
  const { commitId, originalLine } = thread
  if (commitId === undefined || originalLine === null) return undefined
  if (commitId === headSha) return originalLine
  const diff = await git.run([
    'diff',
    '--no-ext-diff',
    '--no-textconv',
    '--no-color',
    '--no-renames',
    '--unified=0',
    commitId,
    headSha,
    '--',
    thread.path
  ])
  if (diff.code !== 0) return undefined
  // A file deleted since has no line left for the thread.
  if (/^\+\+\+ \/dev\/null$/m.test(diff.stdout)) return null
  return movedLine(parseHunks(diff.stdout), originalLine)
}

/** Moves every line thread to `headSha` (saved when any moved); threads without a commit stay. */
export async function followHead(git: LocalGit, store: StateStore, headSha: string): Promise<void> {
  const moves: Array<{ thread: StoredThread; line: number | null }> = []
  for (const thread of store.state.threads) {
    const line = await lineAt(git, thread, headSha)
    if (line === undefined || line === thread.line) continue
    moves.push({ thread, line })
  }
  if (moves.length === 0) return
  await store.update(() => {
    for (const { thread, line } of moves) {
      thread.line = line
      thread.isOutdated = line === null
    }
  })
}
