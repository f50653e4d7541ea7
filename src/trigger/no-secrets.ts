/**
 * Runs GitHub gives no secrets: pull requests from forks (pull_request and
 * its review events), and every run Dependabot starts (it gets Dependabot
 * secrets only). Without a model key or provider credentials such a run has
 * nothing to review with; it skips with a reason and a notice instead of
 * failing red on every such PR.
 */
import type { Config } from '../config/action-config.js'
import type { EventInput } from './payload.js'
import type { TriggerDecision } from '../core/pull-request/review-request.js'

export const DEPENDABOT = 'dependabot[bot]'

/**
 * The run can reach a model: opencode_api_key is set, or a variable named in
 * provider_env holds a value (EventInput.providerEnvSet; when the caller did
 * not say, only the key counts).
 */
export function hasModelCredentials(event: EventInput, config: Config): boolean {
  if (config.opencodeApiKey !== '') return true
  const set = new Set(event.providerEnvSet ?? [])
  return config.providerEnv.some((name) => set.has(name))
}

/** The names in provider_env whose variable holds a non-empty value in `env`. */
export function providerEnvSet(
  config: Config,
  env: Readonly<Record<string, string | undefined>>
): string[] {
  return config.providerEnv.filter((name) => (env[name] ?? '').trim() !== '')
}

/** A review Dependabot started without credentials becomes a skip with a notice. */
export function dependabotWithoutSecrets(
  decision: TriggerDecision,
  event: EventInput,
  config: Config
): TriggerDecision {
  if (decision.kind !== 'review') return decision
  // Exactly the app's login: a person's account named "dependabot" gets secrets.
  if (event.actor.trim().toLowerCase() !== DEPENDABOT) return decision
  if (hasModelCredentials(event, config)) return decision
  const pr = decision.request.prNumber
  return {
    kind: 'skip',
    reason: `dependabot-without-secrets: ${DEPENDABOT} started this run, and runs Dependabot starts get no Actions secrets, so no model key or provider credentials are available`,
    notice:
      `No review for PR #${pr}: runs started by ${DEPENDABOT} receive Dependabot secrets only, not Actions secrets, ` +
      `and neither opencode_api_key nor a provider_env variable was set. Store the model key as a Dependabot secret too, ` +
      `or comment "${config.triggerPhrase}" on the PR to review it in a run of your own.`
  }
}
