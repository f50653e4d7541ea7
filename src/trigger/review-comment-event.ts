/**
 * pull_request_review_comment events: a reply in a review thread starts a
 * threads-only run that answers that thread. GitHub fires this event for
 * every reply, the bot's own included (an App token's replies do start
 * workflows), so the bot's comments and other bots' are filtered here, before
 * anything is spent. Whether the thread is one of the bot's needs a GitHub
 * read, so the engine decides that, not this pure stage.
 */
import { z } from 'zod'
import type { Config } from '../config/action-config.js'
import { normalizeLogin } from '../core/names/login.js'
import { isBotAuthored } from './own-comment.js'
import {
  forkWithoutSecrets,
  parsePayload,
  pullRequest,
  repository,
  skip,
  user,
  type EventInput
} from './payload.js'
import { hasModelCredentials } from './no-secrets.js'
import type { TriggerDecision } from '../core/pull-request/review-request.js'

const reviewCommentEvent = z.object({
  action: z.string(),
  repository,
  comment: z.object({
    id: z.number().int().positive(),
    // Absent (or null) on the comment that opens a thread.
    in_reply_to_id: z.number().int().positive().nullish(),
    body: z.string().nullable(),
    user
  }),
  pull_request: pullRequest
})

/**
 * The skip reason when a reply's author is neither the PR author nor a
 * collaborator with write access: bystanders reply all the time, so this is
 * an ordinary outcome, not a warning.
 */
export function notTheDeveloper(login: string): string {
  return `not-the-developer: ${login} is neither the PR author nor a collaborator with write access`
}

export function decideReviewComment(event: EventInput, config: Config): TriggerDecision {
  const e = parsePayload(reviewCommentEvent, event)
  const { comment } = e
  const pr = e.pull_request
  if (e.action !== 'created') {
    return skip(
      'unsupported-action',
      `pull_request_review_comment "${e.action}" does not start a run; only "created" replies are answered`
    )
  }
  if (comment.in_reply_to_id === undefined || comment.in_reply_to_id === null) {
    return skip(
      'not-a-reply',
      `review comment ${comment.id} opens a new thread (comment.in_reply_to_id is absent); only replies in a thread are answered`
    )
  }
  if (isBotAuthored(comment.user.login, comment.body ?? '', config)) {
    return skip('own-comment', `review comment ${comment.id} was written by the bot itself`)
  }
  if (comment.user.type === 'Bot') {
    return skip(
      'bot-reply',
      `review comment ${comment.id} was written by the bot account ${comment.user.login} (comment.user.type is "Bot"); only people's replies are answered`
    )
  }
  const fork = forkWithoutSecrets(
    pr,
    config,
    'No answer to this reply on',
    hasModelCredentials(event, config)
  )
  if (fork !== undefined) return fork
  // The PR author may always discuss their own PR, with or without write
  // access; anyone else must hold write access, which main.ts asks the API.
  const byAuthor = normalizeLogin(comment.user.login) === normalizeLogin(pr.user.login)
  return {
    kind: 'review',
    authorize: !byAuthor,
    request: {
      owner: e.repository.owner.login,
      repo: e.repository.name,
      prNumber: pr.number,
      trigger: 'reply',
      actor: comment.user.login,
      headSha: pr.head.sha,
      commentId: comment.id,
      inReplyToId: comment.in_reply_to_id
    }
  }
}
