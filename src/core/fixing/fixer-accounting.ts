/**
 * The fixer's accounting: every finding it was given appears exactly once,
 * in `fixed` (with a one-line description of the change) or in `rejected`
 * (with why), and nothing else appears. The problems are what the fixer's
 * answer tool returns to the model, so each names the finding id and says
 * what to change.
 */
import type { FixCandidate, FixerAnswer } from './fix-types.js'

export type AccountingCheck =
  { readonly ok: true } | { readonly ok: false; readonly problems: string[] }

interface Entry {
  readonly id: string
  readonly list: 'fixed' | 'rejected'
  readonly text: string
}

function entriesOf(answer: FixerAnswer): Entry[] {
  return [
    ...answer.fixed.map((f): Entry => ({ id: f.findingId, list: 'fixed', text: f.description })),
    ...answer.rejected.map((r): Entry => ({ id: r.findingId, list: 'rejected', text: r.reason }))
  ]
}

/** Problems with one id's entries: listed twice, in both lists, or without text. */
function entryProblems(id: string, entries: readonly Entry[]): string[] {
  const problems: string[] = []
  const fixed = entries.filter((e) => e.list === 'fixed').length
  const rejected = entries.length - fixed
  if (fixed > 0 && rejected > 0) {
    problems.push(`${id} is in both fixed and rejected; keep it in one list`)
  }
  for (const [list, count] of [
    ['fixed', fixed],
    ['rejected', rejected]
  ] as const) {
    if (count > 1) problems.push(`${id} is listed ${count} times in ${list}; list it once`)
  }
  for (const entry of entries) {
    if (entry.text.trim() !== '') continue
    problems.push(
      entry.list === 'fixed'
        ? `${id} is in fixed with an empty description; say in one line what you changed`
        : `${id} is in rejected with an empty reason; say why it was not fixed`
    )
  }
  return problems
}

/** Checks the fixer's answer against the findings it was given (fixed + rejected = given). */
export function checkFixerAnswer(
  given: readonly FixCandidate[],
  answer: FixerAnswer
): AccountingCheck {
  const givenIds = new Set(given.map((c) => c.id))
  const byId = new Map<string, Entry[]>()
  for (const entry of entriesOf(answer)) {
    byId.set(entry.id, [...(byId.get(entry.id) ?? []), entry])
  }
  const problems: string[] = []
  for (const [id, entries] of byId) {
    if (!givenIds.has(id)) {
      const lists = [...new Set(entries.map((e) => e.list))].join(' and ')
      problems.push(`${JSON.stringify(id)} (in ${lists}) is not one of the findings given`)
      continue
    }
    problems.push(...entryProblems(id, entries))
  }
  for (const candidate of given) {
    if (!byId.has(candidate.id)) {
      problems.push(`${candidate.id} was given but is neither in fixed nor in rejected`)
    }
  }
  return problems.length === 0 ? { ok: true } : { ok: false, problems }
}
