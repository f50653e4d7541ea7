/**
 * Provider prompt caching covers a session's history only when every request
 * repeats the one before it as its prefix: the same system prompt and tools,
 * every earlier message unchanged, new messages only appended. Checked over
 * every consecutive pair of requests of a review's session: the second run
 * on a PR (its first is played without opencode), with earlier threads,
 * tool results and both kinds of nudge.
 */
import { jest } from '@jest/globals'
import type { RecordedRequest } from '../support/fake-model/index.js'
import { onePushPr } from '../support/pr-history.js'
import { pass, tool, type Scenario } from './harness.js'
import { headsOf, push, sha, startHistoryScenario } from './push.js'
import { bySession, getRunState, prefixBreaks } from './requests.js'

jest.setTimeout(240_000)

let scenario: Scenario | undefined
afterEach(async () => {
  await scenario?.stop()
  scenario = undefined
})

type Body = {
  messages: Array<{ role: string; content: unknown }>
  tools: Array<{ function: { name: string } }>
}

/** A copy of `requests` with request `index` changed by `edit`. */
function edited(
  requests: readonly RecordedRequest[],
  index: number,
  edit: (body: Body) => void
): RecordedRequest[] {
  const copy = structuredClone(requests) as RecordedRequest[]
  const target = copy[index]
  if (target === undefined) throw new Error(`no request ${index}`)
  edit(target.body as Body)
  return copy
}

it('within a run, every model request extends the previous one: same system prompt and tools, earlier messages unchanged', async () => {
  const heads = headsOf(onePushPr(3, 10))
  scenario = await startHistoryScenario(heads.old, { baseSha: sha('base') })
  scenario.model.enqueue(
    ...pass(1, [tool.post('src/feature-0.ts', 44, 7, 'Options reach every transform unvalidated')]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  // Run 1 only leaves the thread run 2 answers: played without opencode.
  expect((await scenario.run({ played: true })).failed).toBe(false)
  const [thread] = scenario.pr.threads
  if (thread === undefined) throw new Error('run 1 posted no thread')

  const from = await push(scenario, { files: heads.new })
  scenario.model.enqueue(
    { toolCalls: [getRunState] },
    { toolCalls: [tool.post('src/feature-0.ts', 46, 6, 'Early return skips the audit log')] },
    ...pass(1),
    // The open thread got no answer in pass 1: the threads nudge, answered.
    { toolCalls: [tool.reply(thread.id, 'Still unvalidated.', false)] },
    { text: 'Answered.' },
    // Pass 2 ends without submitting: the submit nudge is one more user message.
    { text: 'The structure looks fine.' },
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  expect((await scenario.run({ before: from })).failed).toBe(false)
  expect(thread.comments.at(-1)?.body).toContain('Still unvalidated.')

  const sessions = bySession(scenario.model.requests)
  expect(sessions).toHaveLength(1)
  const run2 = sessions[0] ?? []
  expect(run2.length).toBeGreaterThanOrEqual(12)
  // Both nudges (the open thread's and pass 2's submit) were sent as user messages.
  const last = (run2.at(-1)?.body as Body).messages
  expect(last.filter((m) => JSON.stringify(m.content).includes('is not finished'))).toHaveLength(1)
  expect(
    last.filter((m) => JSON.stringify(m.content).includes('got no answer in this'))
  ).toHaveLength(1)
  expect(prefixBreaks(run2)).toEqual([])

  // The check catches an edited earlier message, a changed system prompt and changed tools.
  const userIndex = (run2[2]?.body as Body).messages.findIndex((m) => m.role === 'user')
  const editedPrompt = edited(run2, 3, (body) => {
    const message = body.messages[userIndex]
    if (message !== undefined) message.content = 'Pass 1 of 4, rewritten.'
  })
  expect(prefixBreaks(editedPrompt)).toContain(
    `request 3: message ${userIndex} (user) differs from request 2`
  )
  const editedSystem = edited(run2, 4, (body) => {
    const system = body.messages[0]
    if (system !== undefined) system.content = `${String(system.content)}\nToday is Tuesday.`
  })
  expect(prefixBreaks(editedSystem)).toContain(
    'request 4: message 0 (system) differs from request 3'
  )
  const fewerTools = edited(run2, 5, (body) => {
    body.tools = body.tools.filter((t) => t.function.name !== 'github_get_file_patch')
  })
  expect(prefixBreaks(fewerTools)).toContain('request 5: the tools differ from request 4')
  const dropped = edited(run2, 6, (body) => {
    body.messages.splice(1, 1)
  })
  expect(prefixBreaks(dropped).some((b) => b.startsWith('request 6:'))).toBe(true)
})
