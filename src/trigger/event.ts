/**
 * From a GitHub event to "review this PR" or "skip, because ...".
 * Pure: the payload comes in as data; authorization happens afterwards.
 * Each event has its own file; this one only picks it.
 */
import type { Config } from '../config/action-config.js'
import { decideDispatch } from './dispatch-event.js'
import { decideComment } from './issue-comment-event.js'
import { dependabotWithoutSecrets } from './no-secrets.js'
import { skip, type EventInput } from './payload.js'
import { decidePullRequest } from './pull-request-event.js'
import { decideReviewComment } from './review-comment-event.js'
import type { TriggerDecision } from '../core/pull-request/review-request.js'

export type { EventInput } from './payload.js'

export function decideTrigger(event: EventInput, config: Config): TriggerDecision {
  return dependabotWithoutSecrets(decideEvent(event, config), event, config)
}

function decideEvent(event: EventInput, config: Config): TriggerDecision {
  switch (event.eventName) {
    case 'pull_request':
      return decidePullRequest(event, config)
    case 'issue_comment':
      return decideComment(event, config)
    case 'pull_request_review_comment':
      return decideReviewComment(event, config)
    case 'workflow_dispatch':
      return decideDispatch(event, config)
    default:
      return skip(
        'unsupported-event',
        `the ${event.eventName || '(unknown)'} event does not start a review (use pull_request, issue_comment, pull_request_review_comment or workflow_dispatch)`
      )
  }
}
