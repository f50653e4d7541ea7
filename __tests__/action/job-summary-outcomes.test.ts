/**
 * The job summary's outcomes line: the repository's rates in one sentence
 * with team memory, a short "none yet" when nothing settled, nothing without
 * team memory.
 */
import type { JobSummaryInput } from '../../src/action/job-summary.js'
import { runNotes } from '../../src/action/job-summary-run-notes.js'
import { outcomesNote } from '../../src/action/job-summary-outcomes.js'
import type { OutcomeEntry } from '../../src/core/memory/outcomes-block.js'
import { outcomeRates } from '../../src/core/team-memory/outcome-rates.js'

const now = new Date('2026-11-23T06:00:00.000Z')

const entry = (thread: string, outcome: OutcomeEntry['outcome']): OutcomeEntry => ({
  thread,
  outcome,
  category: 'style',
  band: '5-6',
  settled_at: '2026-11-20T00:00:00.000Z'
})

const base: JobSummaryInput = {
  verdict: { verdict: 'approve', reasons: ['nothing open'] },
  prCommentPosted: false,
  stage: [],
  placements: {},
  refused: [],
  resolvedThreads: [],
  passes: []
}

it('states the rates in one escaped sentence among the run notes', () => {
  const entries = [entry('T1', 'fixed'), entry('T2', 'fixed'), entry('T3', 'developers-call')]
  const rates = outcomeRates([{ kind: 'outcomes', pr: 4, entries }], now)
  const notes = runNotes({ ...base, outcomeRates: rates })
  expect(notes).toContain(
    '<p><strong>Outcomes:</strong> Of 3 findings settled in the last 90 days (1 pull request), 67% were fixed and 33% left to the developer&#39;s call.</p>'
  )
})

it('says briefly that nothing settled yet', () => {
  const note = outcomesNote({ outcomeRates: outcomeRates([], now) })
  expect(note).toBe(
    '<p><strong>Outcomes:</strong> No finding settled in the last 90 days, so there are no outcome rates yet.</p>'
  )
})

it('shows nothing without team memory', () => {
  expect(outcomesNote({})).toBeUndefined()
  expect(runNotes(base).join('')).not.toContain('Outcomes')
})
