/**
 * The names of the tools the action serves to the agent, in ONE place, so the
 * prompts, the OpenCode permission allowlist and the bridge cannot drift.
 *
 * OpenCode exposes a tool `t` of a remote MCP server `s` to the model as
 * `s_t` (verified against opencode 1.18.33). The bridge therefore serves two
 * MCP servers so the model sees exactly the names the prompts and tool signatures use:
 * `github_*` for the GitHub interaction tools, `submit_pass_results` for
 * the workflow tool and `submit_confirmation` for the confirmation sessions.
 */

/** MCP server names, i.e. the keys under `mcp.<name>` in the OpenCode config. */
export const MCP_SERVER_NAMES = ['github', 'submit'] as const
export type McpServerName = (typeof MCP_SERVER_NAMES)[number]

/** Each tool: the MCP server that serves it and its name on that server. */
export const BRIDGE_TOOLS = {
  getRunState: { server: 'github', tool: 'get_run_state' },
  postReviewComment: { server: 'github', tool: 'post_review_comment' },
  updateStagedFinding: { server: 'github', tool: 'update_staged_finding' },
  replyToThread: { server: 'github', tool: 'reply_to_thread' },
  resolveThread: { server: 'github', tool: 'resolve_thread' },
  getFilePatch: { server: 'github', tool: 'get_file_patch' },
  submitPassResults: { server: 'submit', tool: 'pass_results' },
  /** A confirmation session's answer on a blocking finding (review/confirm-findings.ts). */
  submitConfirmation: { server: 'submit', tool: 'confirmation' },
  /** The consensus check after two confirmations: the same defect or not. */
  submitConsensus: { server: 'submit', tool: 'consensus' },
  /** A confirmed finding's comment, drafted from the confirmed reasoning. */
  submitCommentDraft: { server: 'submit', tool: 'comment_draft' },
  /** After the passes, when threads taught something: one team learning per thread. */
  recordTeamLearning: { server: 'github', tool: 'record_team_learning' }
} as const satisfies Record<string, { server: McpServerName; tool: string }>

export type BridgeToolKey = keyof typeof BRIDGE_TOOLS

/** The name OpenCode gives a remote MCP tool: `<server>_<tool>`. */
export type ModelToolName<K extends BridgeToolKey> =
  `${(typeof BRIDGE_TOOLS)[K]['server']}_${(typeof BRIDGE_TOOLS)[K]['tool']}`

export function modelToolName<K extends BridgeToolKey>(key: K): ModelToolName<K> {
  const { server, tool } = BRIDGE_TOOLS[key]
  return `${server}_${tool}` as ModelToolName<K>
}

/**
 * The names the model sees (e.g. `github_post_review_comment`), derived from
 * BRIDGE_TOOLS so they cannot disagree with what the bridge serves.
 */
export const TOOL_NAMES = Object.fromEntries(
  (Object.keys(BRIDGE_TOOLS) as BridgeToolKey[]).map((key) => [key, modelToolName(key)])
) as { readonly [K in BridgeToolKey]: ModelToolName<K> }

/**
 * opencode's own tools the reviewer is given: reading the checked-out code.
 * The prompts name exactly these (`{{tool.read}}`, ...), and
 * __tests__/opencode/read-only.test.ts checks that a real opencode offers
 * exactly these and no other of its own.
 */
export const EXPLORATION_TOOLS = ['read', 'grep', 'glob'] as const

/** opencode's web tool, offered only with `enable_web`. */
export const WEB_TOOLS = ['webfetch'] as const

/** Every model-visible name of our tools, for the permission allowlist. */
export const ALL_TOOL_NAMES: readonly string[] = Object.values(TOOL_NAMES)

/**
 * The fixer's one tool of ours: its answer for the round. A bridge serving
 * the fixer serves only this one, never the review's tools (and a review's
 * bridge never serves it), so it is kept apart from BRIDGE_TOOLS.
 */
export const FIXER_BRIDGE_TOOL = { server: 'submit', tool: 'fix_result' } as const satisfies {
  server: McpServerName
  tool: string
}

/** The name the fixer's model sees: `submit_fix_result`. */
export const FIXER_TOOL_NAME = `${FIXER_BRIDGE_TOOL.server}_${FIXER_BRIDGE_TOOL.tool}` as const

/**
 * The key opencode's edit permission is checked under: it covers its `edit`,
 * `write` and `apply_patch` tools alike (verified against opencode 1.18.33).
 */
export const EDIT_PERMISSION = 'edit'
