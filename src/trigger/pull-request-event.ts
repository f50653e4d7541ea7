/** pull_request events: review when the code under review is new or ready. */
import { z } from 'zod'
import type { Config } from '../config/action-config.js'
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

const pullRequestEvent = z.object({
  action: z.string(),
  repository,
  sender: user,
  // synchronize only: the head before the push.
  before: z.string().optional(),
  pull_request: pullRequest
})

const REVIEWED_PR_ACTIONS = new Set(['opened', 'reopened', 'ready_for_review', 'synchronize'])

export function decidePullRequest(event: EventInput, config: Config): TriggerDecision {
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
  const fork = forkWithoutSecrets(pr, config, 'No review for', hasModelCredentials(event, config))
  if (fork !== undefined) return fork
  return {
    kind: 'review',
    authorize: false,
    request: {
      owner: e.repository.owner.login,
      repo: e.repository.name,
      prNumber: pr.number,
      trigger: 'pull_request',
      actor: e.sender.login,
      headSha: pr.head.sha,
      // After a force-push the old head is no longer one of the PR's commits,
      // yet it is where the last review's record may sit.
      ...(e.action === 'synchronize' && e.before !== undefined ? { beforeSha: e.before } : {})
    }
  }
}
