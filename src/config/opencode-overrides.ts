/**
 * The `opencode_config` input: a JSON object deep-merged into the generated
 * OpenCode config (custom providers, model limits, ...). Keys that could widen
 * what the agent may do are refused here, before any work starts, so the
 * sandbox built later never has to trust this input.
 */
import { getErrorMessage } from '../core/errors/error-message.js'

export type JsonObject = { [key: string]: unknown }

/** Top-level keys that would weaken the sandbox. */
const FORBIDDEN_TOP_LEVEL: Record<string, string> = {
  permission: 'tool permissions are fixed by the action',
  tools: 'tool switches are fixed by the action',
  mcp: 'only the action registers MCP servers',
  plugin: 'plugins would run code inside the sidecar',
  instructions: 'instruction files would inject unreviewed prompts'
}

/** Keys refused inside every `agent.<name>` entry. */
const FORBIDDEN_IN_AGENT: Record<string, string> = {
  permission: 'agent permissions are fixed by the action',
  tools: 'agent tool switches are fixed by the action'
}

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Returns the parsed object, or a list of errors each naming the input. */
export function parseOpencodeOverrides(
  raw: string
): { ok: true; value: JsonObject | undefined } | { ok: false; errors: string[] } {
  const text = raw.trim()
  if (text === '') return { ok: true, value: undefined }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    const reason = getErrorMessage(error)
    return {
      ok: false,
      errors: [`opencode_config must be a JSON object, got invalid JSON (${reason})`]
    }
  }
  if (!isPlainObject(parsed)) {
    const kind = Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : typeof parsed
    return { ok: false, errors: [`opencode_config must be a JSON object, got ${kind}`] }
  }
  const errors: string[] = []
  for (const [key, why] of Object.entries(FORBIDDEN_TOP_LEVEL)) {
    if (key in parsed) errors.push(`opencode_config must not set "${key}": ${why}`)
  }
  const agents = parsed['agent']
  if (agents !== undefined) {
    if (!isPlainObject(agents)) {
      errors.push('opencode_config.agent must be an object')
    } else {
      for (const [agentName, agent] of Object.entries(agents)) {
        if (!isPlainObject(agent)) continue
        for (const [key, why] of Object.entries(FORBIDDEN_IN_AGENT)) {
          if (key in agent)
            errors.push(`opencode_config must not set "agent.${agentName}.${key}": ${why}`)
        }
      }
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: parsed }
}
