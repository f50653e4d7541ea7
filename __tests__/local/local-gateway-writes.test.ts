/**
 * What the bot writes through the local gateway (review comments, replies,
 * a check run, the summary comment, resolutions) reads back, from this
 * gateway and from a new one over the saved state file, as the state rules
 * read a pull request.
 */
import { rm } from 'node:fs/promises'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { rebuildRunState } from '../../src/core/memory/threads.js'
import { LocalGateway } from '../../src/local/local-gateway.js'
import { emptyState, loadState, StateStore } from '../../src/local/local-state-file.js'
import { commitFiles, makeLocalRepo } from '../support/local-repo.js'
import { BOT, gatewayOn } from './local-gateway-fixture.js'

let dir = ''

afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true })
  dir = ''
})

it('what the bot writes reads back, from this gateway and from the saved state file, as the state rules read a PR', async () => {
  dir = await makeLocalRepo({ 'src/a.ts': 'one\n' })
  const head = await commitFiles(dir, { 'src/a.ts': 'one\ntwo\n' })
  const { gateway, store } = await gatewayOn(dir)
  const finding = formatBotComment('Line two is unchecked.', {
    kind: 'finding',
    finding: 'Unchecked line',
    assessment: 'It is not checked.',
    score: 6,
    id: 'F1'
  })
  const review = await gateway.postReview(head, [{ path: 'src/a.ts', line: 2, body: finding }])
  const placement = review.placements[0]
  if (placement?.placed !== 'line') throw new Error('not placed on its line')
  const reply = formatBotComment('Still unchecked.', { kind: 'rebuttal', status: 'DISPUTED' })
  await gateway.replyToThread(placement.comment.id, reply)
  const started = await gateway.startCheckRun({
    headSha: head,
    name: 'review-my-code-bot',
    detailsUrl: 'local:review',
    title: 'Reviewing',
    summary: 'in progress'
  })
  if (started.kind !== 'created') throw new Error('no check run')
  await gateway.completeCheckRun(started.id, {
    title: 'Done',
    summary: 'done',
    text: 'record',
    conclusion: 'success'
  })
  const summary = await gateway.postIssueComment('first')
  await gateway.updateIssueComment(summary.id, 'second')

  const reloaded = await loadState(store.path)
  expect(reloaded.warnings).toEqual([])
  const again = new LocalGateway({
    git: (await gatewayOn(dir)).git,
    branch: (await gatewayOn(dir)).branch,
    store: new StateStore(store.path, reloaded.state ?? emptyState(BOT)),
    now: () => new Date()
  })
  for (const read of [gateway, again]) {
    const threads = await read.listReviewThreads()
    expect(threads).toHaveLength(1)
    expect(threads[0]?.comments.map((c) => [c.body, c.author?.login])).toEqual([
      [finding, BOT],
      [reply, BOT]
    ])
    expect(threads[0]).toMatchObject({ path: 'src/a.ts', line: 2, isResolved: false })
    expect(await read.listCheckRuns(head, 'review-my-code-bot')).toEqual([
      expect.objectContaining({
        id: started.id,
        appSlug: 'github-actions',
        status: 'completed',
        conclusion: 'success',
        text: 'record'
      })
    ])
    expect(await read.listCheckRuns(head, 'other')).toEqual([])
    expect((await read.listIssueComments()).map((c) => c.body)).toEqual(['second'])
    // A rebuttal the developer has not answered leaves the finding pending.
    const state = rebuildRunState({
      threads: await read.listReviewThreads(),
      issueComments: [],
      botLogins: [BOT],
      runRecord: null
    }).state
    expect(state.threads.map((t) => [t.status, t.assessment.finding, t.line])).toEqual([
      ['PENDING', 'Unchecked line', 2]
    ])
  }

  const threadId = (await gateway.listReviewThreads())[0]?.id ?? ''
  await gateway.resolveThread(threadId)
  expect((await loadState(store.path)).state?.threads[0]?.isResolved).toBe(true)
  await gateway.unresolveThread(threadId)
  expect((await loadState(store.path)).state?.threads[0]?.isResolved).toBe(false)
})
