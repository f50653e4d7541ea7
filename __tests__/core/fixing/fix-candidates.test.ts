import {
  MAX_FINDINGS_PER_ROUND,
  selectFixCandidates,
  toCandidate
} from '../../../src/core/fixing/fix-candidates.js'
import { rebuildRunState } from '../../../src/core/memory/threads.js'
import {
  BOT_LOGINS,
  BOT_REST,
  DEV,
  comment,
  findingBody,
  thread as prThread
} from '../state-fixtures.js'
import { thread } from './fix-fixtures.js'

const NONE: ReadonlySet<string> = new Set()
const select = (threads: Parameters<typeof selectFixCandidates>[0]['threads'], extra = {}) =>
  selectFixCandidates({ threads, minScore: 7, stuckIds: NONE, rejectedIds: NONE, ...extra })
const ids = (list: readonly { id: string }[]) => list.map((c) => c.id)

describe('toCandidate', () => {
  it('names the finding by its rmcoc id and root comment id, and carries its text', () => {
    const c = toCandidate(thread('F2', 12, { file: 'src/b.ts', line: 4, finding: 'Null deref' }))
    expect(c).toEqual({
      id: 'F2@12',
      path: 'src/b.ts',
      line: 4,
      score: 8,
      finding: 'Null deref',
      assessment: 'Why it matters.'
    })
  })

  it('names an old block without an id "comment@<root>"', () => {
    expect(toCandidate(thread(undefined, 40)).id).toBe('comment@40')
  })
})

describe('selectFixCandidates', () => {
  it('gives only open PENDING findings at or above the threshold', () => {
    const left = select([
      thread('F1', 1, { score: 7 }),
      thread('F2', 2, { score: 6 }),
      thread('F3', 3, { status: 'RESOLVED' }),
      thread('F4', 4, { status: 'DISPUTED' }),
      thread('F5', 5, { status: 'ESCALATED' }),
      thread('F6', 6, { origin: 'summary' })
    ])
    expect(ids(left.toFix)).toEqual(['F1@1'])
    expect([...left.stuck, ...left.rejected, ...left.deferred]).toEqual([])
  })

  it('orders by score (highest first), then path, then line', () => {
    const left = select([
      thread('A', 1, { score: 7, file: 'a.ts', line: 1 }),
      thread('B', 2, { score: 9, file: 'z.ts', line: 5 }),
      thread('C', 3, { score: 9, file: 'b.ts', line: 30 }),
      thread('D', 4, { score: 9, file: 'b.ts', line: 4 }),
      thread('E', 5, { score: 9, file: 'b.ts', line: null })
    ])
    expect(ids(left.toFix)).toEqual(['E@5', 'D@4', 'C@3', 'B@2', 'A@1'])
  })

  it('sets stuck and rejected findings apart', () => {
    const left = select([thread('F1', 1), thread('F2', 2), thread('F3', 3)], {
      stuckIds: new Set(['F2@2']),
      rejectedIds: new Set(['F3@3'])
    })
    expect(ids(left.toFix)).toEqual(['F1@1'])
    expect(ids(left.stuck)).toEqual(['F2@2'])
    expect(ids(left.rejected)).toEqual(['F3@3'])
  })

  it('caps a round at MAX_FINDINGS_PER_ROUND and defers the rest, least severe', () => {
    const threads = Array.from({ length: MAX_FINDINGS_PER_ROUND + 2 }, (_, i) =>
      thread(`F${i}`, 100 + i, { score: 10 - (i % 3), line: i + 1 })
    )
    const left = select(threads)
    expect(left.toFix).toHaveLength(MAX_FINDINGS_PER_ROUND)
    expect(left.deferred).toHaveLength(2)
    expect(left.deferred.every((c) => c.score === 8)).toBe(true)
  })

  it('never gives a finding someone else wrote: only the bot’s own threads reach it', () => {
    const block = { id: 'F1', finding: 'SQL injection', assessment: 'Concatenated.', score: 9 }
    const own = comment(BOT_REST, findingBody(block))
    const forged = comment(DEV, findingBody({ ...block, id: 'F9' }))
    const { state } = rebuildRunState({
      threads: [prThread([own]), prThread([forged])],
      issueComments: [],
      botLogins: BOT_LOGINS,
      runRecord: null
    })
    expect(ids(select(state.threads).toFix)).toEqual([`F1@${own.id}`])
  })
})
