/**
 * What the pull request itself changed in one file between the last
 * reviewed head O and the current head H. diff(O, H) alone is not that: after
 * a base merge or a rebase it also holds the base branch's changes, which are
 * not the PR's work and were never the reviewer's to review.
 *
 * Each change block of diff(O, H) is kept when it touches a line the PR owns:
 * - a '+' line the PR adds at H (an added line of H's PR patch, by number),
 *   or a line the PR had deleted at O and now restores;
 * - a '-' line the PR had added at O (an added line of O's PR patch, by
 *   number), or a line the PR now deletes (a deleted line of H's PR patch).
 * Deleted lines carry no number in the other head, so those two rules match
 * by content, blank lines excepted (they would match anywhere). Every other
 * block came from the base and is applied to O, giving O rebased onto H's
 * base; the interdiff is diff(O rebased, H), so its new-side line numbers are
 * H's, the numbers review comments use.
 */
import { diffLines, formatPatch, OMIT_HEADERS, parsePatch, structuredPatch } from 'diff'
import { getErrorMessage } from '../errors/error-message.js'

export interface InterdiffInput {
  /** The file at the last reviewed head; '' when it did not exist there. */
  readonly oldText: string
  /** The file now; '' when the PR deletes it. */
  readonly newText: string
  /** The PR's patch of the file at the last reviewed head (from its merge base). */
  readonly oldPatch: string
  /** The PR's patch of the file now. */
  readonly newPatch: string
  /** Context lines around each hunk; 3 by default. */
  readonly context?: number
}

/**
 * Beyond this many changed lines between the two heads, diffing the texts
 * costs more than it saves: the caller shows the whole PR patch instead.
 */
export const MAX_EDIT_LINES = 5000

interface PatchLines {
  /** New-side numbers of the lines the patch adds. */
  readonly added: ReadonlySet<number>
  /** Contents of the non-blank lines the patch deletes. */
  readonly deleted: ReadonlySet<string>
}

interface NumberedLine {
  readonly number: number
  readonly text: string
}

interface ChangeBlock {
  readonly removed: NumberedLine[]
  readonly added: NumberedLine[]
  removedText: string
  addedText: string
}

function contentKey(text: string): string {
  return text.replace(/\r$/, '')
}

/** Throws when `patch` is not a unified diff (GitHub's are): the caller falls back to the PR patch. */
function patchLines(patch: string, which: string): PatchLines {
  let parsed: ReturnType<typeof parsePatch>
  try {
    parsed = parsePatch(patch)
  } catch (error) {
    throw new Error(`${which} is not a unified diff: ${getErrorMessage(error)}`)
  }
  const added = new Set<number>()
  const deleted = new Set<string>()
  for (const hunk of parsed.flatMap((file) => file.hunks)) {
    let line = hunk.newStart
    for (const text of hunk.lines) {
      if (text.startsWith('+')) added.add(line++)
      else if (text.startsWith(' ')) line++
      else if (text.startsWith('-') && text.slice(1).trim() !== '') {
        deleted.add(contentKey(text.slice(1)))
      }
    }
  }
  return { added, deleted }
}

function splitLines(value: string): string[] {
  const lines = value.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

function isPrWork(block: ChangeBlock, before: PatchLines, after: PatchLines): boolean {
  const restored = (line: NumberedLine) => before.deleted.has(contentKey(line.text))
  const deletedNow = (line: NumberedLine) => after.deleted.has(contentKey(line.text))
  return (
    block.added.some((line) => after.added.has(line.number) || restored(line)) ||
    block.removed.some((line) => before.added.has(line.number) || deletedNow(line))
  )
}

/** diff(O, H) as blocks of adjacent removed and added lines, with the common text between them. */
function changeBlocks(oldText: string, newText: string): (ChangeBlock | string)[] | undefined {
  const changes = diffLines(oldText, newText, { maxEditLength: MAX_EDIT_LINES })
  if (changes === undefined) return undefined
  const parts: (ChangeBlock | string)[] = []
  let block: ChangeBlock | undefined
  let oldLine = 1
  let newLine = 1
  for (const change of changes) {
    const lines = splitLines(change.value)
    if (!change.added && !change.removed) {
      block = undefined
      parts.push(change.value)
      oldLine += lines.length
      newLine += lines.length
      continue
    }
    if (block === undefined) {
      block = { removed: [], added: [], removedText: '', addedText: '' }
      parts.push(block)
    }
    if (change.removed) {
      block.removed.push(...lines.map((text, i) => ({ number: oldLine + i, text })))
      block.removedText += change.value
      oldLine += lines.length
    } else {
      block.added.push(...lines.map((text, i) => ({ number: newLine + i, text })))
      block.addedText += change.value
      newLine += lines.length
    }
  }
  return parts
}

/**
 * The PR's own changes between the two heads as unified-diff hunks (no file
 * headers): '' when every change came from the base, undefined when the
 * heads differ in more than MAX_EDIT_LINES lines. Throws when a patch is
 * malformed.
 */
export function interdiff(input: InterdiffInput): string | undefined {
  const before = patchLines(input.oldPatch, 'the patch at the last reviewed head')
  const after = patchLines(input.newPatch, 'the current patch')
  const parts = changeBlocks(input.oldText, input.newText)
  if (parts === undefined) return undefined
  const rebased = parts
    .map((part) => {
      if (typeof part === 'string') return part
      return isPrWork(part, before, after) ? part.removedText : part.addedText
    })
    .join('')
  const patch = structuredPatch('old', 'new', rebased, input.newText, undefined, undefined, {
    context: input.context ?? 3
  })
  if (patch.hunks.length === 0) return ''
  return formatPatch(patch, OMIT_HEADERS).trimEnd()
}
