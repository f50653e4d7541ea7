/**
 * The environment the opencode sidecar runs with, built from scratch: nothing
 * of the runner's environment reaches it but PATH, the runner's CA settings
 * (file paths, so TLS through a corporate proxy verifies) and the provider
 * credentials named in `provider_env`. The GitHub token (GITHUB_TOKEN,
 * INPUT_GITHUB_TOKEN), the other INPUT_* values and the ACTIONS_* runtime
 * tokens stay in the action process.
 */
import { delimiter, isAbsolute, join } from 'node:path'
import { isProviderEnvName } from './provider-credentials.js'

/**
 * opencode switches that keep it offline and blind to project/user config.
 * Always "1": an empty value crashes opencode with a SchemaError.
 */
export const DISABLE_FLAGS = [
  'OPENCODE_DISABLE_PROJECT_CONFIG',
  'OPENCODE_DISABLE_CLAUDE_CODE',
  'OPENCODE_DISABLE_EXTERNAL_SKILLS',
  'OPENCODE_DISABLE_MODELS_FETCH',
  'OPENCODE_DISABLE_AUTOUPDATE',
  'OPENCODE_DISABLE_LSP_DOWNLOAD',
  'OPENCODE_DISABLE_SHARE',
  // Same as `--pure`: no external plugins, a second wall behind the sanitized
  // workspace (which already holds no `.opencode/`).
  'OPENCODE_PURE',
  'OPENCODE_DISABLE_EMBEDDED_WEB_UI',
  // The export is a snapshot nothing edits: watching it (an inotify watch
  // per directory, set up on the first prompt) would only cost start-up time.
  'OPENCODE_EXPERIMENTAL_DISABLE_FILEWATCHER'
] as const

/** Basic-auth user of the server API, set explicitly rather than defaulted. */
export const SERVER_USERNAME = 'opencode'

/** Variables a caller may never smuggle in through providerEnv. */
const RESERVED =
  /^(PATH|HOME|TMPDIR|XDG_.*|OPENCODE_.*|GITHUB_.*|INPUT_.*|ACTIONS_.*|RUNNER_.*|(?:HTTPS?|NO|ALL)_PROXY|(?:https?|no|all)_proxy)$/

/**
 * The runner's trusted CA certificates, as the runtimes read them: extra
 * roots for Node/Bun (opencode is a Bun binary), the bundle and folder
 * OpenSSL-based tools read. Paths, not secrets.
 */
export const CA_VARIABLES = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR'] as const

export type CaSettings = Readonly<Partial<Record<(typeof CA_VARIABLES)[number], string>>>

/** The CA settings of `env` that are set and non-empty. */
export function pickCaSettings(env: Readonly<Record<string, string | undefined>>): CaSettings {
  const picked: Partial<Record<(typeof CA_VARIABLES)[number], string>> = {}
  for (const name of CA_VARIABLES) {
    const value = env[name]?.trim()
    if (value !== undefined && value !== '') picked[name] = value
  }
  return picked
}

export interface SidecarEnvInput {
  /**
   * The trusted PATH (trusted-path.ts; opencode spawns `rg` and `git` by
   * name): absolute entries only, none the pull request controls.
   */
  readonly path: string
  /** Private temp dir; HOME and the XDG dirs live below it. */
  readonly stateDir: string
  readonly configJson: string
  readonly password: string
  /**
   * Cloud credentials of the model's provider (`provider_env`), e.g.
   * { AWS_ACCESS_KEY_ID: "..." }: only the allowlisted families.
   */
  readonly providerEnv?: Readonly<Record<string, string>>
  /** The runner's CA settings (pickCaSettings). */
  readonly caSettings?: CaSettings
  /**
   * The egress filter (src/egress/): every fetch of opencode's runtime goes
   * through `proxyUrl`, loopback included, except the `host:port` origins in
   * `direct` (the model proxy, the tool bridge), matched exactly.
   */
  readonly egress?: { readonly proxyUrl: string; readonly direct: readonly string[] }
}

/**
 * Files opencode reads when its instance boots (the first request for the
 * reviewed directory), not when it starts: a config file merged under
 * OPENCODE_CONFIG_CONTENT (the reviewer's prompt) and the provider catalogue
 * (models-catalog.ts). Both lie in the sidecar's private state dir, and the
 * action writes them (ManagedOpenCodeServer.writeInstanceFiles) while the
 * server boots; a file that is not there is no error to opencode (no extra
 * config; its own catalogue).
 */
export function instanceFiles(stateDir: string): { config: string; models: string } {
  return {
    config: join(stateDir, 'instance', 'opencode.json'),
    models: join(stateDir, 'instance', 'models.json')
  }
}

export function buildSidecarEnv(input: SidecarEnvInput): Record<string, string> {
  const relativeEntry = input.path.split(delimiter).find((entry) => !isAbsolute(entry))
  if (input.path !== '' && relativeEntry !== undefined) {
    throw new Error(
      `path must hold absolute entries only, got ${JSON.stringify(relativeEntry)} in "${input.path}": a relative entry is looked up from the sidecar's current directory`
    )
  }
  const env: Record<string, string> = {
    PATH: input.path,
    HOME: join(input.stateDir, 'home'),
    TMPDIR: join(input.stateDir, 'tmp'),
    XDG_CONFIG_HOME: join(input.stateDir, 'config'),
    XDG_DATA_HOME: join(input.stateDir, 'data'),
    XDG_CACHE_HOME: join(input.stateDir, 'cache'),
    XDG_STATE_HOME: join(input.stateDir, 'state')
  }
  for (const [name, value] of Object.entries(input.providerEnv ?? {})) {
    if (RESERVED.test(name)) {
      throw new Error(`providerEnv must not set "${name}": reserved for the sidecar's sandbox`)
    }
    if (!isProviderEnvName(name)) {
      throw new Error(
        `providerEnv must not set "${name}": only AWS_*, GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_*, GOOGLE_VERTEX_*, VERTEX_* and AZURE_* credentials reach the sidecar`
      )
    }
    if (value !== '') env[name] = value
  }
  for (const name of CA_VARIABLES) {
    const value = input.caSettings?.[name]
    if (value !== undefined && value !== '') env[name] = value
  }
  if (input.egress !== undefined) {
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) {
      env[name] = input.egress.proxyUrl
    }
    env['NO_PROXY'] = env['no_proxy'] = input.egress.direct.join(',')
  }
  for (const flag of DISABLE_FLAGS) env[flag] = '1'
  const late = instanceFiles(input.stateDir)
  env['OPENCODE_CONFIG'] = late.config
  env['OPENCODE_MODELS_PATH'] = late.models
  env['OPENCODE_CONFIG_CONTENT'] = input.configJson
  env['OPENCODE_SERVER_USERNAME'] = SERVER_USERNAME
  env['OPENCODE_SERVER_PASSWORD'] = input.password
  return env
}

/** The directories buildSidecarEnv points at; they must exist before spawn. */
export function sidecarStateDirs(stateDir: string): string[] {
  return ['home', 'tmp', 'config', 'data', 'cache', 'state', 'instance'].map((name) =>
    join(stateDir, name)
  )
}
