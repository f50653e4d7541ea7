/** issue_comment events: a standalone mention of the trigger phrase on a PR. */
import { z } from 'zod'
import type { Config } from '../config/action-config.js'
import { isBotAuthored } from './own-comment.js'
import { mentionCommand, mentionsTrigger } from './trigger-phrase.js'
import { parsePayload, repository, skip, user, type EventInput } from './payload.js'
import type { TriggerDecision } from '../core/pull-request/review-request.js'

const issueCommentEvent = z.object({
  action: z.string(),
  repository,
  sender: user,
  issue: z.object({ number: z.number().int().positive(), pull_request: z.unknown().optional() }),
  comment: z.object({ id: z.number().int(), body: z.string().nullable(), user })
})

export function decideComment(event: EventInput, config: Config): TriggerDecision {
  const e = parsePayload(issueCommentEvent, event)
  if (e.action !== 'created') {
    return skip('unsupported-action', `issue_comment "${e.action}" does not start a review`)
  }
  if (e.issue.pull_request === undefined || e.issue.pull_request === null) {
    return skip('not-a-pull-request', `#${e.issue.number} is an issue, not a pull request`)
  }
  const body = e.comment.body ?? ''
  if (isBotAuthored(e.comment.user.login, body, config)) {
    return skip('own-comment', `comment ${e.comment.id} was written by the bot itself`)
  }
  if (!mentionsTrigger(body, config.triggerPhrase)) {
    return skip('no-mention', `comment ${e.comment.id} does not mention ${config.triggerPhrase}`)
  }
  // A mention spends the model budget on anyone's say-so: main.ts asks the
  // permission API before the review starts.
  return {
    kind: 'review',
    authorize: true,
    request: {
      owner: e.repository.owner.login,
      repo: e.repository.name,
      prNumber: e.issue.number,
      trigger: 'mention',
      actor: e.comment.user.login,
      commentId: e.comment.id,
      ...(mentionCommand(body, config.triggerPhrase) === 'fix' ? { fix: true as const } : {})
    }
  }
}
