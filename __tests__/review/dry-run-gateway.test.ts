/**
 * The dry-run gateway against a recording stand-in: reads reach it, no write
 * does. The method list comes from the GitHub adapter itself, so a write
 * method added to the port and the adapter but not intercepted here fails
 * this test.
 */
import { GitHubReviewGateway } from '../../src/github/github-review-gateway.js'
import type { ReviewGateway } from '../../src/ports/review-gateway.js'
import { DryRunGateway } from '../../src/review/gateways/dry-run-gateway.js'

/** The port's reads: they must reach GitHub. Everything else the adapter does is a write. */
const READS = new Set([
  'getPullRequest',
  'listChangedFiles',
  'compareFiles',
  'readFile',
  'listFiles',
  'listCommits',
  'listCheckRuns',
  'listReviewThreads',
  'listIssueComments'
])

const SHA = 'c'.repeat(40)
const comment = { path: 'src/a.ts', line: 3, body: 'Line body' }
const checkRun = {
  headSha: SHA,
  name: 'review-my-code-bot',
  title: 'Check title',
  summary: 'Check summary',
  text: 'Check text',
  conclusion: 'success' as const,
  detailsUrl: 'https://example.test/run'
}

/** Arguments for the writes this test knows; an unknown one gets generic ones. */
const ARGS: Record<string, unknown[]> = {
  postLineComment: [SHA, comment],
  postFileComment: [SHA, 'src/a.ts', 'File body'],
  postReview: [SHA, [comment], 'Review body'],
  replyToThread: [41, 'Reply body'],
  resolveThread: ['PRRT_1', { commentId: 41, body: 'Fallback body' }],
  unresolveThread: ['PRRT_1'],
  createCheckRun: [checkRun],
  startCheckRun: [checkRun],
  completeCheckRun: [77, checkRun],
  postIssueComment: ['Summary body'],
  updateIssueComment: [55, 'Edited body'],
  addEyesReaction: [{ kind: 'issue', id: 12 }]
}

const adapterMethods = Object.getOwnPropertyNames(GitHubReviewGateway.prototype).filter(
  (name) => name !== 'constructor'
)

/** A gateway that answers every call with a marker and remembers the method's name. */
function recordingGateway(): { gateway: ReviewGateway; calls: string[] } {
  const calls: string[] = []
  const pullRequest = { owner: 'octo-org', repo: 'widgets', number: 9 }
  const gateway = new Proxy({} as ReviewGateway, {
    get: (_target, name) => {
      if (name === 'pullRequest') return pullRequest
      if (name === 'then') return undefined
      return async () => {
        calls.push(String(name))
        return 'from-github'
      }
    }
  })
  return { gateway, calls }
}

async function call(gateway: ReviewGateway, name: string): Promise<unknown> {
  const method = (gateway as unknown as Record<string, unknown>)[name]
  if (typeof method !== 'function')
    throw new Error(`${name} is not a method of the dry-run gateway`)
  return (method as (...args: unknown[]) => Promise<unknown>).apply(
    gateway,
    ARGS[name] ?? ['x', 'y', 'z']
  )
}

it('the adapter has the port reads and at least the known writes', () => {
  expect(adapterMethods).toEqual(expect.arrayContaining([...READS, ...Object.keys(ARGS)]))
})

it.each(adapterMethods.filter((name) => !READS.has(name)))(
  'write %s is recorded and never reaches GitHub',
  async (name) => {
    const inner = recordingGateway()
    const dry = new DryRunGateway(inner.gateway)
    await call(dry, name).catch(() => undefined)
    expect(inner.calls).toEqual([])
    expect(dry.writes.length).toBeGreaterThan(0)
  }
)

it.each([...READS])('read %s goes to GitHub', async (name) => {
  const inner = recordingGateway()
  const dry = new DryRunGateway(inner.gateway)
  await expect(call(dry, name)).resolves.toBe('from-github')
  expect(inner.calls).toEqual([name])
  expect(dry.writes).toEqual([])
})

describe('answers like GitHub, with ids GitHub never gives', () => {
  it('a review places every comment on its line; ids are negative and distinct', async () => {
    const dry = new DryRunGateway(recordingGateway().gateway)
    const result = await dry.postReview(SHA, [comment, { ...comment, line: 4 }], 'Review body')
    expect(result.reviewId).toBeLessThan(0)
    expect(result.fallbackReason).toBeUndefined()
    const ids = result.placements.map((p) => (p.placed === 'line' ? p.comment.id : 0))
    expect(ids.every((id) => id < 0)).toBe(true)
    expect(new Set([...ids, result.reviewId]).size).toBe(3)
    expect(dry.writes).toEqual([
      { kind: 'review', target: `commit ${SHA.slice(0, 12)}`, body: 'Review body' },
      { kind: 'review comment', target: 'src/a.ts:3 (RIGHT)', body: 'Line body' },
      { kind: 'review comment', target: 'src/a.ts:4 (RIGHT)', body: 'Line body' }
    ])
  })

  it('a resolve succeeds without its fallback reply; an edit keeps the comment id', async () => {
    const dry = new DryRunGateway(recordingGateway().gateway)
    await expect(dry.resolveThread('PRRT_1', { commentId: 41, body: 'x' })).resolves.toEqual({
      kind: 'resolved'
    })
    await expect(dry.updateIssueComment(55, 'Edited body')).resolves.toMatchObject({ id: 55 })
    expect(dry.writes.map((w) => w.kind)).toEqual(['resolve thread', 'conversation comment edit'])
  })

  it('a check run carries its output, conclusion and annotations as the body', async () => {
    const dry = new DryRunGateway(recordingGateway().gateway)
    const created = await dry.createCheckRun({
      ...checkRun,
      annotations: [
        {
          path: 'src/a.ts',
          start_line: 3,
          end_line: 3,
          annotation_level: 'warning',
          title: 'Null check',
          message: 'Why.'
        }
      ]
    })
    expect(created).toMatchObject({ kind: 'created' })
    expect(created.kind === 'created' && created.id).toBeLessThan(0)
    expect(dry.writes[0]?.body).toBe(
      'Check title\n\nCheck summary\n\nCheck text\n\nconclusion: success\n\nsrc/a.ts:3 [warning] Null check: Why.'
    )
  })
})
