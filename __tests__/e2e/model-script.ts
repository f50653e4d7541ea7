/**
 * The scripted model of an e2e run: the tool calls it makes (`tool`), one
 * review pass as it plays it (`pass`), playing its script in the action
 * without an opencode sidecar (`playing`), and reading back what it received
 * in each request (prompts and tool results).
 */
import type { RunOptions } from '../../src/main.js'
import type { AgentStart } from '../../src/ports/review-engine.js'
import {
  scriptPlayer,
  type FakeModel,
  type ScriptStep,
  type ScriptedToolCall
} from '../support/fake-model/index.js'

/** RunOptions.startAgent: the starts `which` picks play the model's script, the others boot. */
export function playing(
  model: FakeModel,
  which: true | ((start: AgentStart) => boolean)
): NonNullable<RunOptions['startAgent']> {
  const player = scriptPlayer(model)
  return (start, sidecar) => (which === true || which(start) ? player.start(start) : sidecar(start))
}

export const tool = {
  post(
    file: string,
    line: number,
    score: number,
    finding: string,
    extra: Record<string, unknown> = {}
  ): ScriptedToolCall {
    return {
      name: 'github_post_review_comment',
      arguments: {
        file,
        line,
        body: `${finding}. Details for the developer.`,
        assessment: { finding, assessment: `Why "${finding}" matters here.`, score },
        ...extra
      }
    }
  },
  submit(pass: number, summary = `Pass ${pass} done.`, blocking = false): ScriptedToolCall {
    return {
      name: 'submit_pass_results',
      arguments: { pass_number: pass, summary, has_blocking_issues: blocking }
    }
  },
  resolve(threadId: string, reason: string): ScriptedToolCall {
    return { name: 'github_resolve_thread', arguments: { thread_id: threadId, reason } }
  },
  reply(threadId: string, body: string, isConcession: boolean): ScriptedToolCall {
    return {
      name: 'github_reply_to_thread',
      arguments: { thread_id: threadId, body, is_concession: isConcession }
    }
  }
}

/**
 * One pass as the model plays it: the pass's own tool calls (if any), then
 * submit_pass_results, then a closing text that ends the turn.
 */
export function pass(number: number, calls: readonly ScriptedToolCall[] = []): ScriptStep[] {
  return [
    ...(calls.length === 0 ? [] : [{ toolCalls: [...calls] }]),
    { toolCalls: [tool.submit(number)] },
    { text: `Pass ${number} complete.` }
  ]
}

type ChatBody = { messages?: Array<{ role: string; content: unknown }> }

/** The text of every message with `role` in one request to the model. */
function messagesOf(body: ChatBody, role: string): string[] {
  return (body.messages ?? [])
    .filter((message) => message.role === role)
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content)
    )
}

/** The prompts the model received in one request (role "user"). */
export const userMessages = (body: ChatBody): string[] => messagesOf(body, 'user')

/** The tool results the model was sent back in one request (role "tool"). */
export const toolResults = (body: ChatBody): string[] => messagesOf(body, 'tool')
