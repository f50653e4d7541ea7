/**
 * Seeds the run record an earlier complete review leaves: our check run on
 * the PR's head. A PR with bot threads was reviewed; without this record a
 * reply would run the head's review instead of a threads-only answer.
 */
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { CHECK_RUN_NAME } from '../../src/review/preparation/run-record-search.js'
import { NUMBER, OWNER, REPO, type Scenario } from './harness.js'

export function recordReviewedHead(scenario: Scenario): void {
  scenario.github.state.addCheckRun(OWNER, REPO, {
    name: CHECK_RUN_NAME,
    headSha: scenario.pr.headSha,
    completedAt: '2026-01-01T00:00:00Z',
    text: formatBotComment('', {
      kind: 'summary',
      head_sha: scenario.pr.headSha,
      pr: NUMBER,
      counts: { posted: 1, suppressed: 0, resolved: 0, pending: 1, disputed: 0, escalated: 0 }
    })
  })
}
