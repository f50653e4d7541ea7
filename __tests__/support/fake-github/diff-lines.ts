/**
 * The lines of a unified-diff patch GitHub accepts review comments on, per
 * side: every line of every hunk (context lines on both sides).
 */
export interface DiffLines {
  readonly LEFT: Set<number>
  readonly RIGHT: Set<number>
}

export function commentableLines(patch: string | undefined): DiffLines {
  const lines: DiffLines = { LEFT: new Set(), RIGHT: new Set() }
  if (patch === undefined) return lines
  let left = 0
  let right = 0
  for (const text of patch.split('\n')) {
    const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text)
    if (header) {
      left = Number(header[1])
      right = Number(header[2])
    } else if (text.startsWith('+')) {
      lines.RIGHT.add(right++)
    } else if (text.startsWith('-')) {
      lines.LEFT.add(left++)
    } else if (text.startsWith(' ')) {
      lines.LEFT.add(left++)
      lines.RIGHT.add(right++)
    }
  }
  return lines
}
