/**
 * The fixer's one bridge tool, `submit_fix_result`: its answer for the round.
 * A bridge started for the fixer serves this and nothing else; the review's
 * tools (tools.ts) are never on it.
 */
import { FIXER_BRIDGE_TOOL, FIXER_TOOL_NAME } from '../core/names/tool-names.js'
import type { FixerTools, SubmitFixResultArgs } from '../ports/fixer-tools.js'
import { submitFixResultSchema } from './schemas.js'
import type { ServedTool } from './served-tool.js'

const DESCRIPTION =
  'Your answer for this round, once you are done editing: every finding you were given, either in "fixed" (with how) or in "rejected" (with why). Call it once, at the end; the action checks your edits itself.'

/** The tools a fixer's bridge serves: `submit_fix_result` only. */
export function fixerToolSet(port: FixerTools): readonly ServedTool[] {
  return [
    {
      server: FIXER_BRIDGE_TOOL.server,
      name: FIXER_BRIDGE_TOOL.tool,
      modelName: FIXER_TOOL_NAME,
      description: DESCRIPTION,
      schema: submitFixResultSchema,
      run: (args) => port.submitFixResult(args as SubmitFixResultArgs)
    }
  ]
}
