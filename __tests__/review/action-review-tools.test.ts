/**
 * The agent's tools as the action implements them, through the real
 * gateway against the fake GitHub: replies and resolutions land with their
 * rmcoc blocks, and the next run's state reads them back.
 */
import { FindingStage } from '../../src/core/findings/finding-stage.js'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { rebuildRunState } from '../../src/core/memory/threads.js'
import { type RunState } from '../../src/core/memory/run-state.js'
import { ActionReviewTools } from '../../src/review/tools/action-review-tools.js'
import { allReviewComments, startFixture, type Fixture } from '../github/fixture.js'

const BOT_LOGINS = ['github-actions[bot]']
const SECRET = 'sk-live-run-secret-value-123456'

let fixture: Fixture

async function currentState(): Promise<RunState> {
  const threads = await fixture.gateway.listReviewThreads()
  const comments = await fixture.gateway.listIssueComments()
  return rebuildRunState({ threads, issueComments: comments, botLogins: BOT_LOGINS }).state
}

function seedFinding(developerReply?: string) {
  const root = formatBotComment('Refunds can exceed the capture.', {
    finding: 'Refund total ignores partial captures',
    assessment: 'A partial capture followed by a full refund over-refunds.',
    score: 7
  })
  return fixture.github.state.addThread(fixture.pr, {
    path: 'src/app.ts',
    line: 2,
    comments: [
      { author: 'github-actions[bot]', body: root },
      ...(developerReply === undefined ? [] : [{ author: 'octocat', body: developerReply }])
    ]
  })
}

async function tools() {
  const state = await currentState()
  const stage = new FindingStage(
    { problemScoreThreshold: 5, scoreElevationThreshold: 5, securitySensitive: false },
    state.threads
  )
  const warnings: string[] = []
  const impl = new ActionReviewTools({
    gateway: fixture.gateway,
    stage,
    state,
    secrets: [SECRET],
    warn: (message) => warnings.push(message)
  })
  return { impl, stage, state, warnings }
}

beforeEach(async () => {
  fixture = await startFixture()
})

afterEach(async () => {
  await fixture.github.stop()
})

describe('ActionReviewTools', () => {
  it('resolves a fixed thread with an explanation the next run reads as RESOLVED', async () => {
    const thread = seedFinding()
    const { impl } = await tools()
    await impl.resolveThread({
      thread_id: thread.id,
      reason: 'Fixed: refunds are capped in capture.ts.'
    })
    expect(thread.isResolved).toBe(true)
    const reply = thread.comments.at(-1)
    expect(reply?.body).toContain('✅ **Issue Resolved**')
    expect(reply?.body).toContain('Fixed: refunds are capped in capture.ts.')
    const next = await currentState()
    expect(next.threads[0]?.status).toBe('RESOLVED')
    expect(impl.threadOutcomes.map((o) => o.action)).toEqual(['resolved'])
  })

  it('a follow-up keeps the thread PENDING; a rebuttal to a developer makes it DISPUTED', async () => {
    const quiet = seedFinding()
    const argued = seedFinding('This cannot happen: captures are always full.')
    const { impl } = await tools()
    await impl.replyToThread({
      thread_id: quiet.id,
      body: 'Still unfixed at line 2.',
      is_concession: false
    })
    await impl.replyToThread({
      thread_id: argued.id,
      body: 'Partial captures exist since v2.',
      is_concession: false
    })
    const next = await currentState()
    const status = (id: string) => next.threads.find((t) => t.id === id)?.status
    expect(status(quiet.id)).toBe('PENDING')
    expect(status(argued.id)).toBe('DISPUTED')
    expect(quiet.isResolved).toBe(false)
    expect(impl.unansweredThreads()).toEqual([])
  })

  it('a concession resolves the thread, and resolving it again is a harmless no-op', async () => {
    const thread = seedFinding('Out of scope: refunds are disabled behind a flag until Q3.')
    const { impl } = await tools()
    const ack = await impl.replyToThread({
      thread_id: thread.id,
      body: 'Agreed, the flag covers it.',
      is_concession: true
    })
    expect(ack.note).toMatch(/resolved/)
    expect(thread.isResolved).toBe(true)
    const before = thread.comments.length
    expect(await impl.resolveThread({ thread_id: thread.id, reason: 'again' })).toMatchObject({
      ok: true
    })
    expect(thread.comments.length).toBe(before)
    expect((await currentState()).threads[0]?.status).toBe('RESOLVED')
  })

  it('when the token may not resolve, the resolution reply stands and a warning names the permission', async () => {
    fixture.github.state.resolveForbidden = true
    const thread = seedFinding()
    const { impl, warnings } = await tools()
    await impl.resolveThread({ thread_id: thread.id, reason: 'Fixed upstream.' })
    expect(thread.isResolved).toBe(false)
    expect(warnings.join('\n')).toMatch(/contents: write/)
    expect(impl.warnings).toHaveLength(1)
    // The bot's resolution block still records the thread as resolved for the next run.
    expect((await currentState()).threads[0]?.status).toBe('RESOLVED')
  })

  it('never sends a secret or a commitable suggestion in a reply', async () => {
    const thread = seedFinding()
    const { impl } = await tools()
    const body = `Still leaks ${SECRET} and ghp_${'a'.repeat(36)}.\n\n\`\`\`suggestion\nfixed()\n\`\`\``
    await impl.replyToThread({ thread_id: thread.id, body, is_concession: false })
    const sent = allReviewComments(fixture.pr).at(-1)?.body ?? ''
    expect(sent).not.toContain(SECRET)
    expect(sent).not.toContain('ghp_')
    expect(sent).toContain('[REDACTED]')
    expect(sent).not.toMatch(/```suggestion/)
    expect(sent).toContain('fixed()')
  })

  it('refuses an unknown thread with the ids it knows, and writes nothing', async () => {
    const thread = seedFinding()
    const { impl } = await tools()
    const before = allReviewComments(fixture.pr).length
    await expect(impl.resolveThread({ thread_id: 'PRRT_nope', reason: 'x' })).rejects.toThrow(
      new RegExp(`thread_id "PRRT_nope" is not a thread of this review \\(known: ${thread.id}\\)`)
    )
    expect(allReviewComments(fixture.pr).length).toBe(before)
  })

  it('stages and suppresses findings by score and refuses a wrong pass number', async () => {
    const { impl } = await tools()
    const assessment = (score: number, finding: string) => ({ finding, assessment: 'why', score })
    expect(
      await impl.postReviewComment({
        file: 'src/app.ts',
        line: 2,
        body: 'b',
        assessment: assessment(8, 'Null dereference on empty list')
      })
    ).toMatchObject({ status: 'staged', finding_id: 'F1', score: 8 })
    expect(
      await impl.postReviewComment({
        file: 'src/app.ts',
        line: 11,
        body: 'b',
        assessment: assessment(3, 'Name z is vague')
      })
    ).toMatchObject({ status: 'suppressed', finding_id: 'S1' })
    expect(
      await impl.updateStagedFinding({ finding_id: 'F1', action: 'withdraw', reason: 'wrong' })
    ).toMatchObject({ status: 'withdrawn' })
    await expect(
      impl.submitPassResults({ pass_number: 2, summary: 's', has_blocking_issues: false })
    ).rejects.toThrow(/this is pass 1 of 4/)
    await impl.submitPassResults({ pass_number: 1, summary: 'done', has_blocking_issues: false })
    expect(impl.passResults.get(1)?.summary).toBe('done')
    // Nothing reaches GitHub before publication.
    expect(allReviewComments(fixture.pr)).toHaveLength(0)
  })
})
