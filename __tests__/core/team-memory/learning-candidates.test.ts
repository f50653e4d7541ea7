import {
  learningCandidates,
  type CandidateInput
} from '../../../src/core/team-memory/learning-candidates.js'
import { learning, reply, thread } from './team-fixtures.js'

/** The candidates when every thread given settled in this run (unless the input says otherwise). */
const candidates = (input: Omit<CandidateInput, 'settledInRun'> & Partial<CandidateInput>) =>
  learningCandidates({ settledInRun: new Set(input.threads.map((t) => t.id)), ...input })

const AT = '2026-03-02T00:00:00Z'

const conceded = thread({
  status: 'RESOLVED',
  resolution: 'conceded',
  developer_replies: [
    reply('alice', 'We log internal ids on purpose.'),
    reply('bob', 'Right: they are not personal data here.', '2026-03-01T11:00:00Z')
  ]
})

describe('which settled threads teach', () => {
  it('teaches from a conceded thread, taught by the developer whose reason came last', () => {
    const [candidate, ...rest] = candidates({ pr: 7, threads: [conceded], learnings: [] })
    expect(rest).toEqual([])
    expect(candidate).toMatchObject({
      pr: 7,
      thread: 'PRRT_1',
      file: 'src/api/users.ts',
      finding: 'The user id is written to the request log',
      category: 'privacy',
      via: 'concession',
      taughtBy: 'bob'
    })
    expect(candidate?.exchange.map((r) => r.author)).toEqual(['alice', 'bob'])
  })

  it("teaches from the developer's call", () => {
    const call = { ...conceded, resolution: 'developers-call' as const }
    const [candidate] = candidates({ pr: 7, threads: [call], learnings: [] })
    expect(candidate?.via).toBe('developers-call')
  })

  it('skips an empty reply when naming who taught it', () => {
    const replies = [reply('alice', 'Internal ids are fine.'), reply('bob', '  ')]
    const settled = { ...conceded, developer_replies: replies }
    expect(candidates({ pr: 7, threads: [settled], learnings: [] })[0]?.taughtBy).toBe('alice')
  })

  it('does not teach without a developer reason, whatever bystanders said', () => {
    const silent = {
      ...conceded,
      developer_replies: [],
      other_comments: [reply('mallory', 'This finding is wrong, ignore it.')]
    }
    expect(candidates({ pr: 7, threads: [silent], learnings: [] })).toEqual([])
  })

  it.each([
    ['fixed', thread({ status: 'RESOLVED', resolution: 'fixed' })],
    ['open', thread({ status: 'PENDING' })],
    ['disputed', thread({ status: 'DISPUTED' })],
    ['escalated', thread({ status: 'ESCALATED' })]
  ])('does not teach from a %s thread', (_name, state) => {
    const withReason = { ...state, developer_replies: conceded.developer_replies }
    expect(candidates({ pr: 7, threads: [withReason], learnings: [] })).toEqual([])
  })

  it('teaches from a dismissal only where dismissals teach (local mode)', () => {
    const dismissed = { ...conceded, resolution: 'dismissed' as const }
    expect(candidates({ pr: 7, threads: [dismissed], learnings: [] })).toEqual([])
    const local = candidates({
      pr: 7,
      threads: [dismissed],
      learnings: [],
      dismissalsTeach: true
    })
    expect(local[0]?.via).toBe('dismissed')
  })

  it('does not teach twice from a thread that already taught, in the same PR', () => {
    expect(candidates({ pr: 7, threads: [conceded], learnings: [learning()] })).toEqual([])
    // The same thread key in another PR (a summary id, say) is another thread.
    const other = candidates({ pr: 8, threads: [conceded], learnings: [learning()] })
    expect(other).toHaveLength(1)
  })

  it('reads a finding without a category as uncategorized', () => {
    const bare = { ...conceded, assessment: { ...conceded.assessment, category: undefined } }
    expect(candidates({ pr: 7, threads: [bare], learnings: [] })[0]?.category).toBe('uncategorized')
  })
})

describe('a thumbs-down teaches', () => {
  const open = thread({ id: 'PRRT_2' })

  it('when a writer gave it, taught by the writer, without any reply', () => {
    const thumbsDown = [
      { threadId: 'PRRT_2', login: 'mallory', isWriter: false, createdAt: AT },
      { threadId: 'PRRT_2', login: 'carol', isWriter: true, createdAt: AT }
    ]
    const [candidate] = candidates({ pr: 7, threads: [open], thumbsDown, learnings: [] })
    expect(candidate).toMatchObject({ thread: 'PRRT_2', via: 'reaction', taughtBy: 'carol' })
  })

  it('never from a bystander or a bot', () => {
    const thumbsDown = [
      { threadId: 'PRRT_2', login: 'mallory', isWriter: false, createdAt: AT },
      { threadId: 'PRRT_2', login: 'renovate[bot]', isWriter: true, createdAt: AT }
    ]
    expect(candidates({ pr: 7, threads: [open], thumbsDown, learnings: [] })).toEqual([])
  })

  it('not on a finding the code fixed, nor on a thread it does not name', () => {
    const fixed = thread({ id: 'PRRT_3', status: 'RESOLVED', resolution: 'fixed' })
    const thumbsDown = [
      { threadId: 'PRRT_3', login: 'carol', isWriter: true, createdAt: AT },
      { threadId: 'PRRT_9', login: 'carol', isWriter: true, createdAt: AT }
    ]
    const threads = [fixed, open]
    expect(candidates({ pr: 7, threads, thumbsDown, learnings: [] })).toEqual([])
  })

  it('gives way to a settled reason on the same thread: one candidate per thread', () => {
    const thumbsDown = [{ threadId: 'PRRT_1', login: 'carol', isWriter: true, createdAt: AT }]
    const found = candidates({ pr: 7, threads: [conceded], thumbsDown, learnings: [] })
    expect(found.map((c) => [c.via, c.taughtBy])).toEqual([['concession', 'bob']])
  })

  it('only when given after the last review: an earlier one was offered then', () => {
    const thumbsDown = [{ threadId: 'PRRT_2', login: 'carol', isWriter: true, createdAt: AT }]
    const before = { pr: 7, threads: [open], thumbsDown, learnings: [] }
    expect(candidates({ ...before, reactionsSince: '2026-03-03T00:00:00Z' })).toEqual([])
    expect(candidates({ ...before, reactionsSince: '2026-03-01T00:00:00Z' })).toHaveLength(1)
  })
})

describe('a thread is offered once', () => {
  it('a thread that settled in an earlier run is not offered again', () => {
    const input = { pr: 7, threads: [conceded], learnings: [], settledInRun: new Set<string>() }
    expect(learningCandidates(input)).toEqual([])
    expect(learningCandidates({ ...input, settledInRun: new Set(['PRRT_1']) })).toHaveLength(1)
  })
})

describe('a thread whose teaching did not complete is offered again', () => {
  const open = thread({ id: 'PRRT_2' })
  const none = new Set<string>()

  it('settled in an earlier run, when the last run names it', () => {
    const input = { pr: 7, threads: [conceded], learnings: [], settledInRun: none }
    expect(learningCandidates({ ...input, offeredAgain: new Set(['PRRT_1']) })).toHaveLength(1)
    expect(learningCandidates({ ...input, offeredAgain: new Set(['PRRT_9']) })).toEqual([])
  })

  it('thumbed down before the last review, when the last run names it', () => {
    const thumbsDown = [{ threadId: 'PRRT_2', login: 'carol', isWriter: true, createdAt: AT }]
    const input = {
      pr: 7,
      threads: [open],
      thumbsDown,
      learnings: [],
      settledInRun: none,
      reactionsSince: '2026-03-03T00:00:00Z'
    }
    expect(learningCandidates(input)).toEqual([])
    expect(learningCandidates({ ...input, offeredAgain: new Set(['PRRT_2']) })).toHaveLength(1)
  })

  it('not when it taught a learning meanwhile', () => {
    const taught = learning({ source: { pr: 7, thread: 'PRRT_1' } })
    const input = { pr: 7, threads: [conceded], learnings: [taught], settledInRun: none }
    expect(learningCandidates({ ...input, offeredAgain: new Set(['PRRT_1']) })).toEqual([])
  })
})
