/** What a test sidecar's model was sent back for its latest tool calls. */
import type { TestSidecar } from '../support/fake-model/sidecar.js'

/** Tool results of the latest assistant step (by tool call id) in the last request to the model. */
export function toolResults(sidecar: TestSidecar): Map<string, string> {
  const last = sidecar.fake.requests.at(-1)?.body as {
    messages: Array<{ role: string; tool_call_id?: string; content?: unknown }>
  }
  const results = new Map<string, string>()
  // The trailing tool messages answer the latest assistant step; earlier ones are history.
  for (const message of [...last.messages].reverse()) {
    if (message.role !== 'tool' || message.tool_call_id === undefined) break
    results.set(message.tool_call_id, JSON.stringify(message.content))
  }
  return results
}
