/**
 * From a GitHub event to "review this PR" or "skip, because ...".
 * Pure: the payload comes in as data; authorization happens afterwards.
 */
import { z } from 'zod'
import type { Config } from '../config/config.js'
import { ConfigError } from '../config/config.js'
import { BOT_MARKER } from '../core/marker.js'
import { mentionsTrigger } from './mention.js'
import { normalizeLogin } from '../core/login.js'
import type { TriggerDecision } from './review-request.js'

const user = z.object({ login: z.string(), type: z.string().optional() })
const repository = z.object({ name: z.string(), owner: z.object({ login: z.string() }) })

const pullRequestEvent = z.object({
  action: z.string(),
  repository,
  sender: user,
  pull_request: z.object({
    number: z.number().int().positive(),
    draft: z.boolean().optional(),
    user,
    head: z.object({
      sha: z.string(),
      repo: z.object({ full_name: z.string() }).nullable()
    }),
    base: z.object({ repo: z.object({ full_name: z.string() }) })
  })
})

const issueCommentEvent = z.object({
  action: z.string(),
  repository,
  sender: user,
  issue: z.object({ number: z.number().int().positive(), pull_request: z.unknown().optional() }),
  comment: z.object({ id: z.number().int(), body: z.string().nullable(), user })
})

const workflowDispatchEvent = z.object({
  repository,
  sender: user.optional(),
  inputs: z.record(z.string(), z.unknown()).nullable().optional()
})

const REVIEWED_PR_ACTIONS = new Set(['opened', 'reopened', 'ready_for_review', 'synchronize'])

export interface EventInput {
  readonly eventName: string
  readonly payload: unknown
  /** GITHUB_ACTOR, used when the payload has no sender. */
  readonly actor: string
}

function skip(reason: string, message: string, notice?: string): TriggerDecision {
  return notice === undefined
    ? { kind: 'skip', reason: `${reason}: ${message}` }
    : { kind: 'skip', reason: `${reason}: ${message}`, notice }
}

function parsePayload<T>(schema: z.ZodType<T>, event: EventInput): T {
  const parsed = schema.safeParse(event.payload)
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ')
    throw new Error(`The ${event.eventName} event payload is not as expected (fields: ${where}).`)
  }
  return parsed.data
}

function decidePullRequest(event: EventInput, config: Config): TriggerDecision {
  const e = parsePayload(pullRequestEvent, event)
  const pr = e.pull_request
  if (!REVIEWED_PR_ACTIONS.has(e.action)) {
    return skip('unsupported-action', `pull_request "${e.action}" does not start a review`)
  }
  if (pr.draft === true) {
    return skip(
      'draft',
      `pull request #${pr.number} is a draft; mark it ready or mention ${config.triggerPhrase}`
    )
  }
  const isFork = pr.head.repo?.full_name !== pr.base.repo.full_name
  if (isFork && config.opencodeApiKey === '') {
    return skip(
      'fork-without-secrets',
      `pull request #${pr.number} comes from a fork, and GitHub gives fork PRs no secrets, so no model key is available`,
      `No review for fork PR #${pr.number}: the model key is a secret and pull_request runs from forks do not receive secrets. ` +
        `A maintainer can comment "${config.triggerPhrase}" on the PR, or run this workflow by workflow_dispatch with pr_number=${pr.number}.`
    )
  }
  return {
    kind: 'review',
    authorize: false,
    request: {
      owner: e.repository.owner.login,
      repo: e.repository.name,
      prNumber: pr.number,
      trigger: 'pull_request',
      actor: e.sender.login,
      headSha: pr.head.sha
    }
  }
}

function decideComment(event: EventInput, config: Config): TriggerDecision {
  const e = parsePayload(issueCommentEvent, event)
  if (e.action !== 'created') {
    return skip('unsupported-action', `issue_comment "${e.action}" does not start a review`)
  }
  if (e.issue.pull_request === undefined || e.issue.pull_request === null) {
    return skip('not-a-pull-request', `#${e.issue.number} is an issue, not a pull request`)
  }
  const body = e.comment.body ?? ''
  const author = normalizeLogin(e.comment.user.login)
  if (
    config.botLogins.some((login) => normalizeLogin(login) === author) ||
    body.includes(BOT_MARKER)
  ) {
    return skip('own-comment', `comment ${e.comment.id} was written by the bot itself`)
  }
  if (!mentionsTrigger(body, config.triggerPhrase)) {
    return skip('no-mention', `comment ${e.comment.id} does not mention ${config.triggerPhrase}`)
  }
  return {
    kind: 'review',
    authorize: true,
    request: {
      owner: e.repository.owner.login,
      repo: e.repository.name,
      prNumber: e.issue.number,
      trigger: 'mention',
      actor: e.comment.user.login,
      commentId: e.comment.id
    }
  }
}

function decideDispatch(event: EventInput, config: Config): TriggerDecision {
  const e = parsePayload(workflowDispatchEvent, event)
  let prNumber = config.prNumber
  if (prNumber === undefined) {
    const fromEvent = e.inputs?.['pr_number']
    const text =
      typeof fromEvent === 'number'
        ? String(fromEvent)
        : typeof fromEvent === 'string'
          ? fromEvent
          : ''
    if (!/^\d+$/.test(text.trim()) || Number(text) < 1) {
      throw new ConfigError([
        `pr_number must be a positive integer when the workflow is dispatched, got ${JSON.stringify(text)}`
      ])
    }
    prNumber = Number(text)
  }
  return {
    kind: 'review',
    authorize: true,
    request: {
      owner: e.repository.owner.login,
      repo: e.repository.name,
      prNumber,
      trigger: 'workflow_dispatch',
      actor: e.sender?.login ?? event.actor
    }
  }
}

export function decideTrigger(event: EventInput, config: Config): TriggerDecision {
  switch (event.eventName) {
    case 'pull_request':
      return decidePullRequest(event, config)
    case 'issue_comment':
      return decideComment(event, config)
    case 'workflow_dispatch':
      return decideDispatch(event, config)
    default:
      return skip(
        'unsupported-event',
        `the ${event.eventName || '(unknown)'} event does not start a review (use pull_request, issue_comment or workflow_dispatch)`
      )
  }
}
