/**
 * Delta debugging (ddmin, complements only): removes ever smaller chunks of
 * lines, then of characters, as long as the case still fails the same way.
 * Bounded by a number of tries, so a slow shrink ends with what it has.
 */

export type StillFails = (text: string) => Promise<boolean>

async function ddmin(
  items: readonly string[],
  join: string,
  stillFails: StillFails,
  budget: { tries: number }
): Promise<string[]> {
  let current = [...items]
  let parts = 2
  while (current.length >= 2 && budget.tries > 0) {
    const size = Math.ceil(current.length / parts)
    let reduced = false
    for (let start = 0; start < current.length && budget.tries > 0; start += size) {
      const complement = [...current.slice(0, start), ...current.slice(start + size)]
      budget.tries -= 1
      if (await stillFails(complement.join(join))) {
        current = complement
        parts = Math.max(parts - 1, 2)
        reduced = true
        break
      }
    }
    if (!reduced) {
      if (parts >= current.length) break
      parts = Math.min(current.length, parts * 2)
    }
  }
  return current
}

/** The smallest text found that still fails; `text` itself must fail. */
export async function minimize(
  text: string,
  stillFails: StillFails,
  maxTries = 3000
): Promise<string> {
  const budget = { tries: maxTries }
  const lines = await ddmin(text.split('\n'), '\n', stillFails, budget)
  const chars = await ddmin(Array.from(lines.join('\n')), '', stillFails, budget)
  return chars.join('')
}
