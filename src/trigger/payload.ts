/**
 * What every event decision shares: the event as data, zod parsing that names
 * the fields that did not match, the skip shape, and the fork rule.
 */
import { z } from 'zod'
import type { Config } from '../config/action-config.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import type { TriggerDecision } from '../core/pull-request/review-request.js'

export const user = z.object({ login: z.string(), type: z.string().optional() })
export const repository = z.object({ name: z.string(), owner: z.object({ login: z.string() }) })

/** The pull request fields a decision needs, as pull_request* events carry them. */
export const pullRequest = z.object({
  number: z.number().int().positive(),
  draft: z.boolean().optional(),
  user,
  head: z.object({
    sha: z.string(),
    // null when the fork that holds the head has been deleted.
    repo: z.object({ full_name: z.string() }).nullable()
  }),
  base: z.object({ repo: z.object({ full_name: z.string() }) })
})

export interface EventInput {
  readonly eventName: string
  readonly payload: unknown
  /** GITHUB_ACTOR, used when the payload has no sender. */
  readonly actor: string
  /** Names in provider_env whose variable holds a value in this run (absent: not looked at). */
  readonly providerEnvSet?: readonly string[]
}

export function skip(reason: string, message: string, notice?: string): TriggerDecision {
  return notice === undefined
    ? { kind: 'skip', reason: `${reason}: ${message}` }
    : { kind: 'skip', reason: `${reason}: ${message}`, notice }
}

export function parsePayload<T>(schema: z.ZodType<T>, event: EventInput): T {
  const parsed = schema.safeParse(event.payload)
  if (!parsed.success) {
    const problems = formatZodIssues(parsed.error.issues, event.payload, { root: '(payload)' })
    throw new Error(
      `The ${event.eventName} event payload is not as expected: ${problems.join('; ')}`
    )
  }
  return parsed.data
}

/**
 * GitHub gives runs for fork PRs (pull_request and its review events) no
 * secrets, so without a model key or provider credentials there is nothing
 * to review with: skip with a notice that says how a maintainer can still
 * run it.
 */
export function forkWithoutSecrets(
  pr: z.output<typeof pullRequest>,
  config: Config,
  /** What does not happen, e.g. "No review for". */
  lead: string,
  /** hasModelCredentials (no-secrets.ts): a key or provider credentials reached this run. */
  credentials: boolean
): TriggerDecision | undefined {
  const isFork = pr.head.repo?.full_name !== pr.base.repo.full_name
  if (!isFork || credentials) return undefined
  return skip(
    'fork-without-secrets',
    `pull request #${pr.number} comes from a fork, and GitHub gives fork PRs no secrets, so no model key is available`,
    `${lead} fork PR #${pr.number}: the model key is a secret and runs for fork PRs do not receive secrets. ` +
      `A maintainer can comment "${config.triggerPhrase}" on the PR, or run this workflow by workflow_dispatch with pr_number=${pr.number}.`
  )
}
