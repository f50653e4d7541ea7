/**
 * Changed files between two commits in the shape the pull request files API
 * gives (core/pr-data.ts ChangedFile, as github/files.ts maps it): the path,
 * the previous path of a rename, a status, line counts, and the file's
 * unified patch from its first hunk header on, without git's `diff --git`,
 * index and ---/+++ lines (a binary file, a pure rename or an empty file has
 * no patch, as on GitHub). The engine's hunk and interdiff code reads these
 * patches exactly as it reads GitHub's.
 *
 * Settings of the developer's git that change diff output (an external diff,
 * textconv, colour, an order file, relative paths) are switched off, so the
 * file list and the patches come out in one order.
 */
import type { ChangedFile } from '../core/pull-request/pr-data.js'
import type { LocalGit } from './local-git.js'

const DIFF_OPTIONS = [
  '--no-ext-diff',
  '--no-textconv',
  '--no-color',
  '--no-relative',
  '-O/dev/null',
  '-M',
  '--unified=3'
]

/** git's one-letter statuses in the files API's words. */
const STATUS: Readonly<Record<string, string>> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  R: 'renamed',
  C: 'copied',
  T: 'changed'
}

interface NameStatus {
  readonly status: string
  readonly path: string
  readonly previousPath?: string
}

/** `git diff --name-status -z` output: "M\0path\0" or "R100\0old\0new\0". */
function parseNameStatus(raw: string): NameStatus[] {
  const fields = raw.split('\0')
  const entries: NameStatus[] = []
  for (let i = 0; i < fields.length;) {
    const code = fields[i] ?? ''
    if (code === '') break
    const letter = code.charAt(0)
    const status = STATUS[letter] ?? 'changed'
    if (letter === 'R' || letter === 'C') {
      entries.push({ status, previousPath: fields[i + 1] ?? '', path: fields[i + 2] ?? '' })
      i += 3
    } else {
      entries.push({ status, path: fields[i + 1] ?? '' })
      i += 2
    }
  }
  return entries
}

/** The whole diff cut into one chunk per file, in git's order. */
function splitPerFile(patch: string): string[] {
  const chunks: string[][] = []
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) chunks.push([])
    chunks.at(-1)?.push(line)
  }
  return chunks.map((lines) => lines.join('\n'))
}

/** A file's chunk from its first hunk on; undefined without a hunk (binary, pure rename, empty). */
function hunksOf(chunk: string): string | undefined {
  const lines = chunk.split('\n')
  const first = lines.findIndex((line) => line.startsWith('@@'))
  if (first === -1) return undefined
  const body = lines.slice(first)
  while (body.length > 0 && body[body.length - 1] === '') body.pop()
  return body.join('\n')
}

function counts(patch: string | undefined): { additions: number; deletions: number } {
  let additions = 0
  let deletions = 0
  for (const line of patch?.split('\n') ?? []) {
    if (line.startsWith('+')) additions += 1
    else if (line.startsWith('-')) deletions += 1
  }
  return { additions, deletions }
}

/**
 * What changed from `from` to `to` (a two-dot diff of the two commits); the
 * caller passes the merge base as `from` for a pull request's view.
 */
export async function diffFiles(git: LocalGit, from: string, to: string): Promise<ChangedFile[]> {
  const [names, patch] = await Promise.all([
    git.output(['diff', '--name-status', '-z', ...DIFF_OPTIONS, from, to, '--']),
    git.output(['diff', ...DIFF_OPTIONS, from, to, '--'])
  ])
  const entries = parseNameStatus(names)
  const chunks = splitPerFile(patch)
  if (chunks.length !== entries.length) {
    throw new Error(
      `git diff ${from} ${to}: ${entries.length} file(s) listed but ${chunks.length} patch(es); cannot pair them`
    )
  }
  return entries.map((entry, index) => {
    const hunks = hunksOf(chunks[index] ?? '')
    return {
      path: entry.path,
      ...(entry.previousPath === undefined ? {} : { previousPath: entry.previousPath }),
      status: entry.status,
      ...counts(hunks),
      ...(hunks === undefined ? {} : { patch: hunks })
    }
  })
}
