/** workflow_dispatch events: review the PR named by pr_number. */
import { z } from 'zod'
import type { Config } from '../config/action-config.js'
import { ConfigError } from '../config/action-config.js'
import { parsePayload, repository, user, type EventInput } from './payload.js'
import type { TriggerDecision } from '../core/pull-request/review-request.js'

const workflowDispatchEvent = z.object({
  repository,
  sender: user.optional(),
  inputs: z.record(z.string(), z.unknown()).nullable().optional()
})

export function decideDispatch(event: EventInput, config: Config): TriggerDecision {
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
