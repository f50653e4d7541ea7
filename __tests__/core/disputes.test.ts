import { hasBotMarker } from '../../src/core/memory/bot-comments.js'
import { humanReviewers, isRejectedAgain, settleDisputes } from '../../src/core/memory/disputes.js'
import type { PullRequestData, PullRequestReviewData } from '../../src/core/pull-request/pr-data.js'
import { ESCALATED_HEADING, parseRmcoc, RESOLVED_HEADING } from '../../src/core/memory/rmcoc.js'
import { REDACTED } from '../../src/core/text-safety/sanitize.js'
import { rebuildThread } from '../../src/core/memory/threads.js'
import { type ThreadState } from '../../src/core/memory/run-state.js'
import type { ReviewThreadData } from '../../src/core/pull-request/pr-data.js'
import {
  BOT_GRAPHQL,
  BOT_LOGINS,
  BYSTANDER,
  comment,
  DEV,
  isDeveloper,
  OTHER_BOT,
  replyBody,
  thread,
  botRebuttal,
  botRoot,
  devReply
} from './state-fixtures.js'

const root = botRoot
const dev = devReply
const rebuttal = botRebuttal

function state(t: ReviewThreadData): ThreadState {
  const rebuilt = rebuildThread(t, BOT_LOGINS)
  if (rebuilt === undefined) throw new Error('expected a bot thread')
  return rebuilt
}

const rejectedAgain = () =>
  state(thread([root(), dev(), rebuttal(), dev('No, the ORM escapes it. Ask @carol.')]))

describe('isRejectedAgain', () => {
  it.each<[string, () => ReviewThreadData, boolean]>([
    ['rebuttal rejected by the developer', () => thread([root(), dev(), rebuttal(), dev()]), true],
    ['first pushback only (no rebuttal yet)', () => thread([root(), dev()]), false],
    ['rebuttal not yet answered', () => thread([root(), dev(), rebuttal()]), false],
    [
      'the bot rebutted again after the rejection',
      () => thread([root(), dev(), rebuttal(), dev(), rebuttal()]),
      false
    ],
    [
      'already escalated, then the developer replied',
      () =>
        thread([
          root(),
          dev(),
          rebuttal(),
          dev(),
          comment(BOT_GRAPHQL, replyBody('escalation', 'ESCALATED')),
          dev('Any news?')
        ]),
      false
    ],
    [
      'resolved on GitHub',
      () => thread([root(), dev(), rebuttal(), dev()], { isResolved: true }),
      false
    ]
  ])('%s → %s', (_name, make, expected) => {
    expect(isRejectedAgain(state(make()))).toBe(expected)
  })

  it('never matches a summary-only finding (no thread to argue in)', () => {
    const disputed = rejectedAgain()
    expect(isRejectedAgain(disputed)).toBe(true)
    expect(isRejectedAgain({ ...disputed, id: 'summary:sqli', origin: 'summary' })).toBe(false)
    expect(settleDisputes([{ ...disputed, origin: 'summary' }], [])).toEqual([])
  })

  it('a bystander rejecting the rebuttal does not bring the thread to a decision', () => {
    const t = thread([root(), dev(), rebuttal(), comment(BYSTANDER, 'Agree with the author.')])
    expect(isRejectedAgain(state(t))).toBe(true)
    expect(isRejectedAgain(rebuildThread(t, BOT_LOGINS, [], isDeveloper)!)).toBe(false)
    expect(settleDisputes([rebuildThread(t, BOT_LOGINS, [], isDeveloper)!], ['bob'])).toEqual([])
  })
})

const review = (
  login: string,
  isBot = false,
  state = 'COMMENTED',
  submittedAt: string | null = '2026-01-02T00:00:00Z'
): PullRequestReviewData => ({
  author: { login, isBot },
  state,
  authorAssociation: 'MEMBER',
  submittedAt
})

function pr(requestedReviewers: string[], reviews: PullRequestReviewData[]): PullRequestData {
  return {
    number: 7,
    title: 't',
    body: '',
    draft: false,
    author: DEV,
    headSha: 'a'.repeat(40),
    baseSha: 'b'.repeat(40),
    headRef: 'feature',
    baseRef: 'main',
    requestedReviewers,
    reviews
  }
}

describe('humanReviewers', () => {
  it('takes requested reviewers and humans who reviewed, once each, without author or bots', () => {
    const data = pr(
      ['carol', 'acme/security', 'copilot-reviewer[bot]'],
      [
        review('bob'),
        review('Bob', false, 'APPROVED'),
        review('alice'), // the PR author reviewing her own PR
        review(OTHER_BOT.login, true),
        review('github-actions', true),
        review('dave', false, 'PENDING', null),
        review('Carol')
      ]
    )
    expect(humanReviewers(data, BOT_LOGINS)).toEqual(['carol', 'acme/security', 'bob'])
  })

  it('is empty for a PR nobody but the author and bots looked at', () => {
    expect(
      humanReviewers(pr([], [review('alice'), review('dependabot', true)]), BOT_LOGINS)
    ).toEqual([])
  })
})

describe('settleDisputes', () => {
  it('escalates to the human reviewers by @login with an ESCALATED block, no resolve', () => {
    const t = rejectedAgain()
    const [action, ...rest] = settleDisputes([t], ['bob', 'acme/security'])
    expect(rest).toEqual([])
    expect(action?.kind).toBe('escalate')
    expect(action?.resolve).toBe(false)
    expect(action?.thread).toBe(t)
    const body = action?.body ?? ''
    expect(body.startsWith(ESCALATED_HEADING)).toBe(true)
    expect(body).toContain('@bob, @acme/security: please decide')
    expect(body).toContain('User input reaches the SQL query unescaped')
    expect(body).toContain('> No, the ORM escapes it.')
    // The developer's own mention is defused; only the reviewers are notified.
    expect(body).toContain('@\u2060carol')
    expect(parseRmcoc(body)).toEqual({
      ok: true,
      block: { kind: 'escalation', status: 'ESCALATED' }
    })
    expect(hasBotMarker(body)).toBe(true)
  })

  it('without reviewers, the developer’s call: RESOLVED reply and resolve', () => {
    const [action] = settleDisputes([rejectedAgain()], [])
    expect(action?.kind).toBe('developers-call')
    expect(action?.resolve).toBe(true)
    const body = action?.body ?? ''
    expect(body.startsWith(RESOLVED_HEADING)).toBe(true)
    expect(body).toMatch(/developer's position stands: this PR has no human reviewer/)
    expect(body).not.toContain(ESCALATED_HEADING)
    expect(body).not.toContain('please decide')
    // Its own kind: a later run reads it as the developer's call, not as a fix.
    expect(parseRmcoc(body)).toEqual({
      ok: true,
      block: { kind: 'developers-call', status: 'RESOLVED' }
    })
  })

  it('acts only on rejected-again threads, one action each', () => {
    const threads = [
      state(thread([root()])),
      rejectedAgain(),
      state(thread([root(), dev(), rebuttal()])),
      state(
        thread([
          root(),
          dev(),
          rebuttal(),
          dev(),
          comment(BOT_GRAPHQL, replyBody('escalation', 'ESCALATED')),
          dev()
        ])
      ),
      rejectedAgain()
    ]
    const actions = settleDisputes(threads, ['bob'])
    expect(actions.map((a) => a.thread)).toEqual([threads[1], threads[4]])
  })

  it('redacts the run’s secrets quoted from the developer’s reply', () => {
    const secret = 'sk-live-0123456789abcdef'
    const t = state(thread([root(), dev(), rebuttal(), dev(`My key ${secret} is fine here.`)]))
    const [action] = settleDisputes([t], ['bob'], { secrets: [secret] })
    expect(action?.body).not.toContain(secret)
    expect(action?.body).toContain(REDACTED)
  })

  it('never mentions something that is not a login', () => {
    const [action] = settleDisputes([rejectedAgain()], ['bob <img src=x>', 'bob'])
    expect(action?.body).toContain('@bob: please decide')
    expect(action?.body).not.toContain('<img')
  })
})
