/**
 * The model credentials of a local run: the key from OPENCODE_API_KEY in the
 * environment (never a command-line flag, which would land in the shell's
 * history and the process list), or the cloud credentials `provider_env`
 * names. Like the action, a run with neither cannot reach a model and is
 * refused before anything starts.
 */
import type { Config } from '../config/action-config.js'
import { MODEL_KEY_VARIABLE } from '../core/secrets/credential-variables.js'
import { isSecretCredential, readProviderCredentials } from '../opencode/provider-credentials.js'
import { LocalUsageError } from './local-usage-error.js'

export interface ModelCredentials {
  /** The model key; '' when provider credentials stand in for it. */
  readonly apiKey: string
  /** provider_env values for the sidecar. */
  readonly providerEnv: Readonly<Record<string, string>>
  /** The values never to be written into a comment. */
  readonly secrets: readonly string[]
}

export function modelCredentials(
  config: Config,
  env: Readonly<Record<string, string | undefined>>
): ModelCredentials {
  const apiKey = (env[MODEL_KEY_VARIABLE] ?? '').trim() || config.opencodeApiKey
  const { values } = readProviderCredentials(config.providerEnv, env)
  if (apiKey === '' && Object.keys(values).length === 0) {
    const named =
      config.providerEnv.length === 0
        ? ''
        : ` or one of provider_env (${config.providerEnv.join(', ')})`
    throw new LocalUsageError(
      `no model key: set ${MODEL_KEY_VARIABLE} in the environment${named} so the review can reach ${config.model}`
    )
  }
  const secretValues = Object.entries(values)
    .filter(([name]) => isSecretCredential(name))
    .map(([, value]) => value)
  const secrets = [apiKey, config.stateKey, ...secretValues].filter((value) => value.length >= 8)
  return { apiKey, providerEnv: values, secrets }
}
