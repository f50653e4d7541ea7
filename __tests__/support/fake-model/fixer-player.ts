/**
 * Fix mode's fixer played without opencode: the copy, its changes and its
 * disposal stay the action's real sandbox; only the agent is a script. Each
 * step answers a request-shaped view of the turn (the copy's directory as
 * opencode states it, the round prompt), as the steps of fixer-script.ts do
 * through the fake model. opencode's `write` and `edit` are emulated
 * (a whole file; one exact replacement), `read` changes nothing, and
 * `submit_fix_result` goes to the fixer's tool through the bridge's own schema.
 * Fix-mode tests use it where the subject is the action's rule (verification,
 * stuck findings, protected paths, a moved branch), not the fixer's sidecar.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import { fixerToolSet } from '../../../src/bridge/fix-result-tool.js'
import type { AgentSession, AgentToolCall, AgentTurn } from '../../../src/ports/agent-session.js'
import type { FixerSandbox } from '../../../src/ports/fixer-sandbox.js'
import type { FixerTools } from '../../../src/ports/fixer-tools.js'
import type { RecordedRequest, ScriptStep } from './fake-model-server.js'

export type FixerStep = (request: RecordedRequest) => ScriptStep

const TOKENS = { input: 100, output: 10, reasoning: 0, cacheRead: 0, cacheWrite: 0 }

/** A path the fixer names, refused outside its copy as opencode's sandbox refuses it. */
function inCopy(directory: string, path: unknown): string {
  const text = String(path)
  const inside = relative(directory, text)
  if (inside === '' || inside.startsWith('..')) throw new Error(`${text} is outside the copy`)
  return text
}

async function applyFileTool(directory: string, name: string, args: Record<string, unknown>) {
  if (name === 'read') return
  const path = inCopy(directory, args['filePath'])
  if (name === 'write') {
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, String(args['content']))
    return
  }
  if (name !== 'edit') throw new Error(`${name} cannot be played: only read, write and edit`)
  const text = await readFile(path, 'utf8')
  const from = String(args['oldString'])
  if (text.split(from).length !== 2) throw new Error(`oldString is not in ${path} exactly once`)
  await writeFile(path, text.replace(from, String(args['newString'])))
}

async function playCall(
  directory: string,
  tools: FixerTools,
  call: { readonly name: string; readonly arguments: unknown }
): Promise<AgentToolCall> {
  const args = (call.arguments ?? {}) as Record<string, unknown>
  try {
    const tool = fixerToolSet(tools).find((t) => t.modelName === call.name)
    if (tool === undefined) await applyFileTool(directory, call.name, args)
    else await tool.run(tool.schema.parse(args))
    return { name: call.name, status: 'completed' }
  } catch {
    // As through opencode: a failed call is an error result, and the turn goes on.
    return { name: call.name, status: 'error' }
  }
}

/** The turn as a request the steps can read: the working directory and the prompt. */
function requestView(directory: string, prompt: string): RecordedRequest {
  const messages = [
    { role: 'system', content: `Working directory: ${directory}\n` },
    { role: 'user', content: prompt }
  ]
  return { body: { messages }, headers: {} } as unknown as RecordedRequest
}

function playedSession(directory: string, tools: FixerTools, next: () => FixerStep | undefined) {
  const session: AgentSession = {
    prompt: async (text): Promise<AgentTurn> => {
      const calls: AgentToolCall[] = []
      for (let steps = 1; ; steps += 1) {
        const step = next()?.(requestView(directory, text)) ?? { text: 'Done.' }
        if (!('toolCalls' in step) || step.toolCalls === undefined) {
          return { ending: 'idle', toolCalls: calls, tokens: TOKENS, cost: 0, steps }
        }
        for (const call of step.toolCalls) calls.push(await playCall(directory, tools, call))
      }
    }
  }
  return session
}

/** RunOptions.fixerSandbox playing `steps` in order, across rounds; `taken` counts the steps used. */
export function playedFixer(steps: readonly FixerStep[]): {
  readonly wrap: (sandbox: FixerSandbox) => FixerSandbox
  readonly taken: () => number
} {
  let taken = 0
  const next = () => steps[taken++]
  return {
    taken: () => Math.min(taken, steps.length),
    wrap: (sandbox) => async (directory) => {
      const workspace = await sandbox(directory)
      return {
        directory: workspace.directory,
        changes: () => workspace.changes(),
        dispose: () => workspace.dispose(),
        startFixer: async (tools) => ({
          session: playedSession(workspace.directory, tools, next),
          stop: async () => undefined
        })
      }
    }
  }
}
