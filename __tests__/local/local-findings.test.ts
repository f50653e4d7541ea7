/**
 * Open findings read back from a state file, and a dismissal written so the
 * state rules read it as the developer's call: the finding is closed and a
 * later run's stage refuses to raise it again.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { matchEarlier } from '../../src/core/findings/earlier-findings.js'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import {
  dismiss,
  openFindings,
  readableBody,
  rebuiltThreads
} from '../../src/local/local-findings.js'
import {
  emptyState,
  loadState,
  StateStore,
  type LocalState
} from '../../src/local/local-state-file.js'
import { LocalUsageError } from '../../src/local/local-usage-error.js'

const BOT = 'github-actions[bot]'
const AT = '2026-01-02T03:04:05.000Z'
let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-findings-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function withFinding(
  state: LocalState,
  rootId: number,
  line: number,
  finding: string,
  score: number
) {
  const body = formatBotComment(`${finding}. Details.`, {
    kind: 'finding',
    finding,
    assessment: 'Because.',
    score,
    id: 'F1'
  })
  state.threads.push({
    id: `LT_${rootId + 1}`,
    isResolved: false,
    resolvedBy: null,
    isOutdated: false,
    path: 'src/a.ts',
    line,
    originalLine: line,
    comments: [
      {
        id: rootId,
        nodeId: `LC_${rootId}`,
        author: { login: BOT, isBot: true },
        body,
        createdAt: AT,
        path: 'src/a.ts',
        line,
        originalLine: line
      }
    ]
  })
  state.lastId = Math.max(state.lastId, rootId + 1)
}

function twoFindings(): LocalState {
  const state = emptyState(BOT)
  withFinding(state, 1, 10, 'Minor naming issue', 4)
  withFinding(state, 3, 20, 'Unchecked refund amount', 8)
  return state
}

it('lists open findings most severe first, each with its id and readable body', () => {
  const findings = openFindings(twoFindings())
  expect(findings.map((f) => [f.id, f.fingerprint, f.file, f.line, f.score, f.finding])).toEqual([
    ['F1@3', 'F1@3', 'src/a.ts', 20, 8, 'Unchecked refund amount'],
    ['F1@1', 'F1@1', 'src/a.ts', 10, 4, 'Minor naming issue']
  ])
  expect(findings[0]?.body).toBe('Unchecked refund amount. Details.')
  expect(readableBody(formatBotComment('Text.', { kind: 'rebuttal', status: 'DISPUTED' }))).toBe(
    'Text.'
  )
  expect(openFindings(undefined)).toEqual([])
})

it('a dismissal keeps the reason, closes the finding as the developer’s call, and the stage refuses it again', async () => {
  const store = new StateStore(join(dir, 'state.json'), twoFindings())
  const dismissed = await dismiss(store, {
    id: 'F1@3',
    reason: 'The caller validates amounts.',
    developer: 'dana',
    now: new Date(AT)
  })
  expect(dismissed.finding).toBe('Unchecked refund amount')
  const saved = (await loadState(store.path)).state
  if (saved === undefined) throw new Error('not saved')
  expect(openFindings(saved).map((f) => f.id)).toEqual(['F1@1'])
  const thread = saved.threads.find((t) => t.id === 'LT_4')
  expect(thread?.comments.map((c) => [c.author?.login, c.body.split('\n')[0]])).toEqual([
    [BOT, 'Unchecked refund amount. Details.'],
    ['dana', 'The caller validates amounts.'],
    [BOT, '✅ **Issue Resolved**']
  ])
  const rebuilt = rebuiltThreads(saved).find((t) => t.id === 'LT_4')
  expect(rebuilt).toMatchObject({ status: 'RESOLVED', resolution: 'developers-call' })
  const again = matchEarlier(
    { path: 'src/a.ts', line: 21, finding: 'Unchecked refund amount' },
    rebuiltThreads(saved)
  )
  expect(again).toMatchObject({ kind: 'repeat' })
  expect(again?.kind === 'repeat' && again.reason).toContain("developer's call")
})

it('refuses an unknown id (listing the open ones), a finding already dismissed, and an empty reason', async () => {
  const store = new StateStore(join(dir, 'state.json'), twoFindings())
  const attempt = (id: string, reason = 'why') =>
    dismiss(store, { id, reason, developer: 'dana', now: new Date(AT) })
  await expect(attempt('F7@7')).rejects.toThrow(
    'no open finding "F7@7": the open findings are: F1@3, F1@1'
  )
  await expect(attempt('F1@3', '  ')).rejects.toThrow(LocalUsageError)
  await attempt('F1@3')
  await expect(attempt('F1@3')).rejects.toThrow('the open findings are: F1@1')
})

it('a finding published only in the summary is dismissed in every run record holding it, and refused again', async () => {
  const head = 'a'.repeat(40)
  const summary = formatBotComment('Review summary.', {
    kind: 'summary',
    head_sha: head,
    reviewed_at: AT,
    counts: { posted: 0, suppressed: 0, resolved: 0, pending: 1, disputed: 0, escalated: 0 },
    findings: [
      {
        id: 'r1-F3',
        file: 'src/b.ts',
        line: 4,
        finding: 'Retries never back off',
        score: 6,
        status: 'PENDING'
      }
    ]
  })
  const state = emptyState(BOT)
  state.checkRuns.push({
    id: 1,
    name: 'review-my-code-bot',
    appSlug: 'github-actions',
    headSha: head,
    status: 'completed',
    conclusion: 'success',
    completedAt: AT,
    title: 'Review',
    summary: 'done',
    text: summary
  })
  state.issueComments.push({
    id: 2,
    nodeId: 'LC_2',
    author: { login: BOT, isBot: true },
    body: summary,
    createdAt: AT
  })
  state.lastId = 2
  expect(openFindings(state).map((f) => [f.id, f.file, f.line, f.body])).toEqual([
    ['r1-F3', 'src/b.ts', 4, 'Retries never back off']
  ])
  const store = new StateStore(join(dir, 'state.json'), state)
  await dismiss(store, {
    id: 'r1-F3',
    reason: 'Backoff is upstream.',
    developer: 'dana',
    now: new Date(AT)
  })
  const saved = (await loadState(store.path)).state
  if (saved === undefined) throw new Error('not saved')
  expect(openFindings(saved)).toEqual([])
  expect(saved.dismissals).toEqual([
    { id: 'r1-F3', reason: 'Backoff is upstream.', developer: 'dana', at: AT }
  ])
  for (const text of [saved.checkRuns[0]?.text ?? '', saved.issueComments[0]?.body ?? '']) {
    expect(text.startsWith('Review summary.')).toBe(true)
    expect(text).toContain('"resolution": "developers-call"')
  }
  const again = matchEarlier(
    { path: 'src/b.ts', line: 4, finding: 'Retries never back off' },
    rebuiltThreads(saved)
  )
  expect(again?.kind === 'repeat' && again.reason).toContain("developer's call")
})
