/**
 * Builds the OpenCode config the sidecar runs with (passed in
 * OPENCODE_CONFIG_CONTENT). Pure: no I/O, same input -> same JSON.
 *
 * The sandbox lives here: an allowlist of permissions (everything denied,
 * then the read-only tools and our MCP tools), a single primary agent, and
 * every background feature that could reach the network, touch the
 * workspace or make extra model calls switched off. The user's
 * `opencode_config` is merged in, then the sandbox keys are written again on
 * top so no override can widen them.
 *
 * No credential is in it: the model's provider talks to the model proxy
 * (`modelEndpoint`: its URL and this run's token in place of the API key),
 * and every provider's credential options are dropped, whatever the
 * overrides hold (the proxy holds them; see src/egress/model-upstream.ts).
 * A signing provider (Bedrock, Vertex) has no `modelEndpoint`: it keeps its
 * endpoint and signs with credentials from the sidecar's environment.
 *
 * Two agents exist, one per sidecar: the `reviewer` (read-only, every review
 * and confirmation session) and the `fixer` (fix mode), the one agent allowed
 * to edit files, and only in the throwaway copy its sidecar serves: it gets
 * opencode's edit permission (its `edit`, `write` and `apply_patch` tools)
 * on top of the reviewer's reading tools, never web tools, and
 * `external_directory` stays denied, so nothing outside the copy is written.
 */
import { z } from 'zod'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import { EDIT_PERMISSION, EXPLORATION_TOOLS, WEB_TOOLS } from '../core/names/tool-names.js'
import {
  isPlainObject,
  parseOpencodeOverrides,
  type JsonObject
} from '../config/opencode-overrides.js'
import { CREDENTIAL_OPTIONS } from '../egress/model-upstream.js'

/** The one agent every pass runs as. */
export const REVIEWER_AGENT = 'reviewer'

/** The agent of fix mode: edits the throwaway copy of the reviewed head. */
export const FIXER_AGENT = 'fixer'

/** Which of the two agents a sidecar runs. */
export type AgentRole = typeof REVIEWER_AGENT | typeof FIXER_AGENT

const AGENT_DESCRIPTIONS: Record<AgentRole, string> = {
  [REVIEWER_AGENT]: 'Read-only pull request reviewer',
  [FIXER_AGENT]: 'Fixes review findings in a throwaway copy of the pull request'
}

/** Built-in opencode agents we switch off: none may be picked or spawned. */
const BUILT_IN_AGENTS = ['build', 'plan', 'general', 'explore'] as const

/**
 * Built-in agents that make side calls to the model (session titles,
 * summaries, compaction). Title generation is switched off so scripted and
 * real model calls belong to the review only; see also `small_model`.
 */
const SIDE_AGENTS = ['title', 'summary'] as const

/** opencode's own tools the reviewer may use (the prompts name exactly these). */
export const READ_ONLY_TOOLS = EXPLORATION_TOOLS

export { WEB_TOOLS }

const inputSchema = z
  .object({
    /** Default `reviewer`. */
    role: z.enum([REVIEWER_AGENT, FIXER_AGENT]).optional(),
    model: z
      .string()
      .regex(/^[^/\s]+\/\S+$/, 'expected "provider/model", e.g. "anthropic/claude-sonnet-4-5"'),
    /** Absent for a signing provider (Bedrock, Vertex): it keeps its own endpoint. */
    modelEndpoint: z
      .object({
        baseURL: z.url('expected the model proxy URL'),
        token: z.string().min(16, 'expected a random token')
      })
      .optional(),
    enableWeb: z.boolean(),
    overrides: z.record(z.string(), z.unknown()).optional(),
    mcpServers: z.record(
      z.string().regex(/^[a-z][a-z0-9_-]*$/, 'expected a lowercase MCP server name'),
      z.object({ url: z.url(), token: z.string().min(16, 'expected a random token') })
    ),
    /**
     * Absent when the prompt comes after the spawn, in the instance config
     * file (reviewerPromptConfig; server.ts writeInstanceFiles).
     */
    systemPrompt: z.string().min(1, 'expected a non-empty system prompt').optional(),
    steps: z.number().int().positive().optional(),
    allowedToolNames: z.array(z.string().regex(/^[a-z][a-z0-9_]*\*?$/, 'expected a tool name'))
  })
  .refine((input) => !(input.role === FIXER_AGENT && input.enableWeb), {
    path: ['enableWeb'],
    message: 'expected false for the fixer: it never gets web tools'
  })

export type OpencodeConfigInput = z.input<typeof inputSchema>

/** Default bound on agentic iterations per prompt. */
export const DEFAULT_STEPS = 60

/** Objects merge key by key; anything else (arrays included) is replaced. */
export function deepMerge(base: JsonObject, extra: JsonObject): JsonObject {
  const out: JsonObject = { ...base }
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key]
    out[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value
  }
  return out
}

/**
 * The permission allowlist. Order matters: opencode applies the LAST rule
 * that matches, so the catch-all deny must come first.
 */
export function buildPermissions(
  enableWeb: boolean,
  allowedToolNames: readonly string[],
  role: AgentRole = REVIEWER_AGENT
) {
  const permission: Record<string, 'allow' | 'deny'> = { '*': 'deny' }
  for (const tool of READ_ONLY_TOOLS) permission[tool] = 'allow'
  // The fixer edits the files of the directory served (a throwaway copy).
  if (role === FIXER_AGENT) permission[EDIT_PERMISSION] = 'allow'
  for (const tool of WEB_TOOLS) permission[tool] = enableWeb ? 'allow' : 'deny'
  // Reading outside the served directory is refused (symlinks are handled by
  // the workspace sanitizer, which this rule does not cover).
  permission['external_directory'] = 'deny'
  for (const name of allowedToolNames) permission[name] = 'allow'
  return permission
}

/**
 * The reviewer's prompt as a config of its own, for the file opencode merges
 * under OPENCODE_CONFIG_CONTENT when its instance boots: the sandbox (tools,
 * permissions, providers) stays in the spawn's config, which wins any key
 * both hold.
 */
export function reviewerPromptConfig(systemPrompt: string): JsonObject {
  return agentPromptConfig(REVIEWER_AGENT, systemPrompt)
}

/** The prompt of `role`'s agent as a config of its own (see reviewerPromptConfig). */
export function agentPromptConfig(role: AgentRole, systemPrompt: string): JsonObject {
  if (systemPrompt === '')
    throw new Error(`${role}PromptConfig: expected a non-empty system prompt`)
  return { agent: { [role]: { prompt: systemPrompt } } }
}

function refuseSandboxKeys(overrides: JsonObject): void {
  const screened = parseOpencodeOverrides(JSON.stringify(overrides))
  if (!screened.ok) {
    throw new Error(`buildOpencodeConfig: refused overrides: ${screened.errors.join('; ')}`)
  }
}

/** A provider entry without the options that carry credentials. */
function withoutCredentials(entry: unknown): unknown {
  if (!isPlainObject(entry) || !isPlainObject(entry['options'])) return entry
  const options = { ...entry['options'] }
  for (const name of CREDENTIAL_OPTIONS) delete options[name]
  return { ...entry, options }
}

type ConfigInput = z.output<typeof inputSchema>

function parseInput(rawInput: OpencodeConfigInput): ConfigInput {
  const parsed = inputSchema.safeParse(rawInput)
  if (!parsed.success) {
    // Values are not echoed: the endpoint and MCP tokens are credentials.
    const problems = formatZodIssues(parsed.error.issues, rawInput, {
      root: 'input',
      style: 'withheld'
    })
    throw new Error(`buildOpencodeConfig: invalid input (${problems.join('; ')})`)
  }
  return parsed.data
}

/** The built-in and side agents switched off, and the one agent of `role`. */
function sandboxAgents(input: ConfigInput, role: AgentRole, permission: JsonObject): JsonObject {
  const agents: JsonObject = {}
  for (const name of BUILT_IN_AGENTS) agents[name] = { disable: true }
  for (const name of SIDE_AGENTS) agents[name] = { disable: true }
  agents[role] = {
    mode: 'primary',
    description: AGENT_DESCRIPTIONS[role],
    ...(input.systemPrompt === undefined ? {} : { prompt: input.systemPrompt }),
    steps: input.steps ?? DEFAULT_STEPS,
    permission
  }
  return agents
}

function mcpEntries(mcpServers: ConfigInput['mcpServers']): JsonObject {
  const mcp: JsonObject = {}
  for (const [name, server] of Object.entries(mcpServers)) {
    mcp[name] = {
      type: 'remote',
      url: server.url,
      enabled: true,
      // Our bridge authenticates with a bearer token; never start an OAuth dance.
      oauth: false,
      headers: { Authorization: `Bearer ${server.token}` }
    }
  }
  return mcp
}

/** Every provider without its credentials; the model's own pointed at the model proxy. */
function providerEntries(merged: JsonObject, input: ConfigInput, providerId: string): JsonObject {
  const provider: JsonObject = {}
  for (const [id, entry] of Object.entries(
    isPlainObject(merged['provider']) ? merged['provider'] : {}
  )) {
    provider[id] = withoutCredentials(entry)
  }
  if (input.modelEndpoint !== undefined) {
    provider[providerId] = deepMerge(
      isPlainObject(provider[providerId]) ? provider[providerId] : {},
      { options: { baseURL: input.modelEndpoint.baseURL, apiKey: input.modelEndpoint.token } }
    )
  }
  return provider
}

export function buildOpencodeConfig(rawInput: OpencodeConfigInput): JsonObject {
  const input = parseInput(rawInput)
  const overrides = input.overrides ?? {}
  refuseSandboxKeys(overrides)

  const slash = input.model.indexOf('/')
  const providerId = input.model.slice(0, slash)
  const role = input.role ?? REVIEWER_AGENT
  const permission = buildPermissions(input.enableWeb, input.allowedToolNames, role)

  const defaults: JsonObject = {
    $schema: 'https://opencode.ai/config.json',
    autoupdate: false,
    share: 'disabled',
    snapshot: false,
    lsp: false,
    formatter: false,
    // Only the model's own provider: no provider is picked up from stray env.
    enabled_providers: [providerId]
  }
  const merged = deepMerge(defaults, overrides)
  const userAgents = isPlainObject(merged['agent']) ? merged['agent'] : {}

  // The sandbox, written last so nothing above can widen it.
  return {
    ...merged,
    provider: providerEntries(merged, input, providerId),
    model: input.model,
    // Same model for side tasks, so no other provider's default is tried.
    small_model: input.model,
    default_agent: role,
    agent: deepMerge(userAgents, sandboxAgents(input, role, permission)),
    permission,
    mcp: mcpEntries(input.mcpServers),
    plugin: [],
    instructions: []
  }
}
