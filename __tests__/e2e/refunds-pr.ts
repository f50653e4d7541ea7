/**
 * The PR most thread scenarios run on: one added file, src/refunds.ts, and
 * bot finding threads seeded on it as an earlier run would have left them.
 */
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import type { FakeThread } from '../support/fake-github/pull-state.js'
import { addedFile, type Scenario } from './harness.js'

export const BOT = 'github-actions[bot]'

export const refundsFile = addedFile(
  'src/refunds.ts',
  Array.from({ length: 40 }, (_, i) => `export const step${i + 1} = ${i + 1}`)
)

/** A bot finding thread (score 7) on src/refunds.ts, with the replies given after its root. */
export function botThread(
  scenario: Scenario,
  line: number,
  finding: string,
  replies: Array<{ author: string; body: string }> = []
): FakeThread {
  const root = formatBotComment(`${finding}.`, {
    finding,
    assessment: `Why ${finding} matters.`,
    score: 7
  })
  return scenario.github.state.addThread(scenario.pr, {
    path: 'src/refunds.ts',
    line,
    comments: [{ author: BOT, body: root }, ...replies]
  })
}
