/**
 * The values of the `provider_env` names (cloud credentials for the model
 * provider: AWS_* for Bedrock, GOOGLE_* / VERTEX_* for Vertex, AZURE_*),
 * read from the action's environment for the sidecar. A name that is listed
 * but not set is reported, not fatal: a workflow may list AWS_SESSION_TOKEN
 * for OIDC runs and static keys elsewhere. Pure: the environment is passed in.
 */
import { PROVIDER_ENV_PATTERNS } from '../core/secrets/credential-variables.js'

export interface ProviderCredentials {
  /** Name -> value, for the sidecar's environment; never empty values. */
  readonly values: Readonly<Record<string, string>>
  /** Listed names the environment does not set (or sets empty). */
  readonly missing: readonly string[]
}

/** Whether `name` is one of the provider credential families the sidecar may get. */
export function isProviderEnvName(name: string): boolean {
  return PROVIDER_ENV_PATTERNS.some((pattern) => pattern.test(name))
}

/**
 * Settings that ride with the credentials but are not secret (a region, a
 * project, a location, a path to a credentials file): masking them would
 * blank every "us-east-1" in the log and redact it from posted reviews.
 */
const SETTING_NAME =
  /^(?:GOOGLE_APPLICATION_CREDENTIALS|[A-Z0-9_]*_(?:REGION|LOCATION|PROJECT|PROJECT_ID|ENDPOINT|ENDPOINT_URL|PROFILE))$/

/** Whether the value of `name` is a secret to mask and redact. */
export function isSecretCredential(name: string): boolean {
  return !SETTING_NAME.test(name)
}

export function readProviderCredentials(
  names: readonly string[],
  env: Readonly<Record<string, string | undefined>>
): ProviderCredentials {
  const values: Record<string, string> = {}
  const missing: string[] = []
  for (const name of names) {
    if (!isProviderEnvName(name)) {
      throw new Error(
        `provider_env may only name cloud credential variables (AWS_*, GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_*, GOOGLE_VERTEX_*, VERTEX_*, AZURE_*), got ${JSON.stringify(name)}`
      )
    }
    const value = env[name]
    if (value === undefined || value === '') missing.push(name)
    else values[name] = value
  }
  return { values, missing }
}

/** The warning for listed names the environment does not set. */
export function missingCredentialsWarning(missing: readonly string[]): string | undefined {
  if (missing.length === 0) return undefined
  const names = missing.map((name) => JSON.stringify(name)).join(', ')
  const them = missing.length === 1 ? 'it' : 'them'
  return `provider_env lists ${names}, not set in the job's environment: the sidecar runs without ${them}; set ${them} in the step's env: or with a credentials action (aws-actions/configure-aws-credentials, google-github-actions/auth) before this step`
}
