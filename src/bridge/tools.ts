/**
 * The table of tools the bridge serves: for each one, the MCP server and name
 * it is served under (from core/tool-names), what the model is told it does,
 * its argument schema, and the port method it calls.
 */
import type { z } from 'zod'
import {
  BRIDGE_TOOLS,
  modelToolName,
  type BridgeToolKey,
  type McpServerName
} from '../core/names/tool-names.js'
import type { ReviewTools } from '../ports/review-tools.js'
import type { ServedTool } from './served-tool.js'
import {
  getFilePatchSchema,
  getRunStateSchema,
  postReviewCommentSchema,
  recordTeamLearningSchema,
  replyToThreadSchema,
  resolveThreadSchema,
  submitConfirmationSchema,
  submitCommentDraftSchema,
  submitConsensusSchema,
  submitPassResultsSchema,
  updateStagedFindingSchema
} from './schemas.js'

export interface BridgeTool<S extends z.ZodType = z.ZodType> {
  readonly key: BridgeToolKey
  readonly server: McpServerName
  /** Name on its MCP server (the model sees `<server>_<name>`). */
  readonly name: string
  readonly description: string
  readonly schema: S
  readonly call: (port: ReviewTools, args: z.output<S>) => Promise<unknown>
}

function defineTool<S extends z.ZodType>(
  key: BridgeToolKey,
  description: string,
  schema: S,
  call: (port: ReviewTools, args: z.output<S>) => Promise<unknown>
): BridgeTool {
  const { server, tool } = BRIDGE_TOOLS[key]
  return { key, server, name: tool, description, schema, call } as BridgeTool
}

export const BRIDGE_TOOL_LIST: readonly BridgeTool[] = [
  defineTool(
    'getRunState',
    'Return the review state of this pull request: every thread the bot opened earlier, with its file, line, status (PENDING, RESOLVED, DISPUTED, ESCALATED), assessment and the developers\u2019 replies.',
    getRunStateSchema,
    (port) => port.getRunState()
  ),
  defineTool(
    'postReviewComment',
    'Stage a finding on one line of the diff; staged findings are published as one review after pass 4, with your assessment stored in each comment. The answer says "staged" with the finding id, or "suppressed" (score below the threshold: kept, never posted), "duplicate" (of an open thread or a staged finding) or "rejected", with the reason.',
    postReviewCommentSchema,
    (port, args) => port.postReviewComment(args)
  ),
  defineTool(
    'updateStagedFinding',
    'Pass 4 consolidation: withdraw a staged finding or change its score, with a reason. A score raised above the original is refused (combine suppressed findings instead).',
    updateStagedFindingSchema,
    (port, args) => port.updateStagedFinding(args)
  ),
  defineTool(
    'replyToThread',
    'Reply in an existing review thread: concede a point (is_concession true) or explain why the finding stands.',
    replyToThreadSchema,
    (port, args) => port.replyToThread(args)
  ),
  defineTool(
    'resolveThread',
    'Resolve an existing review thread once the code fixes the issue or the developer\u2019s explanation is accepted.',
    resolveThreadSchema,
    (port, args) => port.resolveThread(args)
  ),
  defineTool(
    'getFilePatch',
    'Return the whole patch of one file of the pull request, as GitHub lists it: status, +/- counts and the unified diff (null for binary or very large files, with a note). On an incremental review the prompt inlines only what changed since the last review; use this to see the rest of a file\u2019s change.',
    getFilePatchSchema,
    (port, args) => port.getFilePatch(args)
  ),
  defineTool(
    'submitPassResults',
    'Mark the current review pass as complete. Call it exactly once at the end of each pass, after all comments of the pass are posted.',
    submitPassResultsSchema,
    (port, args) => port.submitPassResults(args)
  ),
  defineTool(
    'submitConfirmation',
    'Confirmation sessions only: your answer on the finding you were asked to confirm, with your reasoning and a minimal failing test. Call it once per prompt; a review session is refused.',
    submitConfirmationSchema,
    (port, args) => port.submitConfirmation(args)
  ),
  defineTool(
    'submitConsensus',
    'Consensus checks only: whether the two answers you were shown describe the same defect with compatible failing tests, and why. Call it once; any other session is refused.',
    submitConsensusSchema,
    (port, args) => port.submitConsensus(args)
  ),
  defineTool(
    'submitCommentDraft',
    'Draft sessions only: the comment of a confirmed finding, rewritten from the finding and the confirmed reasoning. Call it once; any other session is refused.',
    submitCommentDraftSchema,
    (port, args) => port.submitCommentDraft(args)
  ),
  defineTool(
    'recordTeamLearning',
    'After the review passes, when you are asked to: record what one settled thread taught, as the team\u2019s rule in one sentence. It is kept in the repository\u2019s team memory and later reviews do not raise findings it covers. Once per thread the prompt lists; any other time it is refused.',
    recordTeamLearningSchema,
    (port, args) => port.recordTeamLearning(args)
  )
]

/** The review's tools bound to `port`, each result rendered as JSON for the model. */
export function reviewToolSet(port: ReviewTools): readonly ServedTool[] {
  return BRIDGE_TOOL_LIST.map((tool) => ({
    server: tool.server,
    name: tool.name,
    modelName: modelToolName(tool.key),
    description: tool.description,
    schema: tool.schema,
    run: async (args) => JSON.stringify((await tool.call(port, args)) ?? { ok: true })
  }))
}
