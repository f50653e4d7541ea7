/**
 * Edits planned on one version of a text and applied together, so every
 * position refers to the text as it was parsed.
 */

export interface Edit {
  /** Offset in the parsed text. */
  readonly at: number
  /** How many characters to drop from `at`. */
  readonly remove: number
  readonly insert: string
  /** True when the edit cannot change how the markdown parses (a word joiner, say). */
  readonly neutral?: boolean
}

/** Inserting a string at `at`. */
export function insertion(at: number, insert: string, neutral = false): Edit {
  return { at, remove: 0, insert, neutral }
}

/**
 * Applies non-overlapping edits in one pass. Several insertions at the same
 * offset keep the order they were given in; an edit that overlaps an earlier
 * one (a planning mistake) is dropped rather than corrupting the text.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return text
  const sorted = edits
    .map((edit, order) => ({ edit, order }))
    .sort((a, b) => a.edit.at - b.edit.at || a.order - b.order)
  const parts: string[] = []
  let cursor = 0
  for (const { edit } of sorted) {
    if (edit.at < cursor) continue
    parts.push(text.slice(cursor, edit.at), edit.insert)
    cursor = edit.at + edit.remove
  }
  parts.push(text.slice(cursor))
  return parts.join('')
}

/** Offsets where each line starts ("\n" line endings). */
export function lineStarts(text: string): number[] {
  const starts = [0]
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    starts.push(at + 1)
  }
  return starts
}
