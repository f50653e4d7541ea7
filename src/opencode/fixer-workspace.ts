/**
 * The fixer's sandbox served by opencode (the FixerSandbox port): the
 * throwaway copy of fix-copy.ts, the fixer's sidecar of fixer-agent.ts on
 * it, and its changes read by content (fix-changes.ts); edits the sandbox
 * refuses come back as a refusal naming the path.
 */
import type { Config } from '../config/action-config.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { FixerChanges, FixerSandbox, FixerWorkspace } from '../ports/fixer-sandbox.js'
import type { BridgedAgentOptions } from './bridged-agent.js'
import { collectFixChanges, FixChangeRefusedError } from './fix-changes.js'
import { createFixCopy } from './fix-copy.js'
import { startFixerAgent } from './fixer-agent.js'

export function opencodeFixerSandbox(config: Config, options: BridgedAgentOptions): FixerSandbox {
  return async (directory): Promise<FixerWorkspace> => {
    const copy = await createFixCopy(directory, (message) => options.log.info(message))
    return {
      directory: copy.directory,
      startFixer: (tools, systemPrompt) =>
        startFixerAgent({ tools, copy, systemPrompt }, config, options),
      async changes(): Promise<FixerChanges> {
        try {
          return {
            kind: 'changes',
            changes: await collectFixChanges(copy.directory, copy.baseline)
          }
        } catch (error) {
          if (error instanceof FixChangeRefusedError)
            return { kind: 'refused', reason: getErrorMessage(error) }
          throw error
        }
      },
      dispose: () => copy.dispose()
    }
  }
}
