/**
 * The environment the repository's verification commands run with (fix
 * mode's `npm ci`, `npm run build`, ...). Those commands run code the pull
 * request controls, so they get the runner's environment minus everything
 * that could act for the job or the model:
 *
 * - the GitHub token (GITHUB_TOKEN, GH_TOKEN), every action input (INPUT_*,
 *   where the runner puts `github_token` and `opencode_api_key`) and the
 *   runner's own service tokens and URLs (ACTIONS_*: the runtime and cache
 *   tokens, the OIDC token request);
 * - the model key (OPENCODE_API_KEY) and the cloud credential families a
 *   signing provider reads (AWS_*, GOOGLE_CLOUD_*, AZURE_*, ...);
 * - any name that reads like a credential: one holding TOKEN, SECRET,
 *   PASSWORD, PASSWD, PASSPHRASE, API_KEY / APIKEY, PRIVATE_KEY,
 *   ACCESS_KEY, CREDENTIAL or ending in AUTH (npm's `_auth`), in any case
 *   (npm reads `npm_config_//host/:_authToken`); SSH_AUTH_SOCK too, a
 *   socket that signs with the runner's SSH keys;
 * - any variable whose value holds one of the run's secrets, whatever its
 *   name (a workflow may copy the token into `MY_SETTING`).
 *
 * Everything else stays (PATH, HOME, LANG, TMPDIR, CI, GITHUB_WORKSPACE,
 * RUNNER_*, the proxy and CA settings), so that installs and builds work as
 * in the job's own steps. Names alone are not a wall: the value rule is what
 * keeps a secret under an innocent name out.
 */
import { MIN_EXACT_SECRET_LENGTH } from '../core/secrets/secret-patterns.js'
import { MODEL_KEY_VARIABLE, PROVIDER_ENV_PATTERNS } from '../core/secrets/credential-variables.js'

/** The runner's token, the action's inputs, the runner's services and file commands. */
const RUNNER_NAME =
  /^(?:GITHUB_TOKEN|GH_TOKEN|INPUT_.*|ACTIONS_.*|GITHUB_(?:ENV|PATH|OUTPUT|STATE|STEP_SUMMARY)|SSH_AUTH_SOCK)$/

/** A name that reads like a credential, in any case. */
const CREDENTIAL_NAME =
  /TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_?KEY|ACCESS_?KEY|CREDENTIAL|(?:^|_)AUTH$/i

/** Whether `name` alone keeps the variable out. */
function isWithheldName(name: string): boolean {
  return (
    RUNNER_NAME.test(name) ||
    name === MODEL_KEY_VARIABLE ||
    PROVIDER_ENV_PATTERNS.some((pattern) => pattern.test(name)) ||
    CREDENTIAL_NAME.test(name)
  )
}

/**
 * The secret values to look for: each secret and each line of a multi-line
 * one, trimmed. Shorter ones than MIN_EXACT_SECRET_LENGTH are not matched
 * (real tokens and keys are far longer; "a" would empty the environment).
 */
function needles(secrets: readonly string[]): string[] {
  const values = new Set<string>()
  for (const secret of secrets) {
    for (const candidate of [secret, ...secret.split(/\r?\n/)]) {
      const value = candidate.trim()
      if (value.length >= MIN_EXACT_SECRET_LENGTH) values.add(value)
    }
  }
  return [...values]
}

/** `env` without the credentials described above; unset variables are dropped. */
export function scrubbedEnvironment(
  env: NodeJS.ProcessEnv,
  secrets: readonly string[]
): Record<string, string> {
  const hidden = needles(secrets)
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue
    if (isWithheldName(name)) continue
    if (hidden.some((secret) => value.includes(secret))) continue
    kept[name] = value
  }
  return kept
}
