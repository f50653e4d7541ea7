/**
 * A reply flood is capped, end to end (a push through the action's run(),
 * the real opencode sidecar, the scripted model, the fake GitHub): the bot
 * replies at most once per thread per run and writes at most
 * DEFAULT_MAX_THREAD_ACTIONS replies and resolutions per run; every refusal
 * reaches the model as the tool's answer, and GitHub holds exactly the
 * allowed replies. The model sends every reply in one step (parallel tool
 * calls); the same caps for calls one at a time are review/thread-caps.test.ts's.
 */
import { jest } from '@jest/globals'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { DEFAULT_MAX_THREAD_ACTIONS } from '../../src/review/tools/action-review-tools.js'
import type { ScriptStep } from '../support/fake-model/index.js'
import type { FakeThread } from '../support/fake-github/pull-state.js'
import {
  addedFile,
  pass,
  startScenario,
  tool,
  toolResults,
  userMessages,
  type Scenario
} from './harness.js'
import { slowRoute } from './github-requests.js'

jest.setTimeout(300_000)

const BOT = 'github-actions[bot]'
const CAP = DEFAULT_MAX_THREAD_ACTIONS
const THREADS = CAP + 2
const REPLIES_ROUTE = 'POST /repos/:owner/:repo/pulls/:number/comments/:comment_id/replies'
const ONE_PER_THREAD = 'one reply per thread per run'
const CAP_REASON = `This run already wrote ${CAP} thread replies and resolutions, its cap`
const file = addedFile(
  'src/ledger.ts',
  Array.from({ length: THREADS * 2 }, (_, i) => `export const entry${i + 1} = ${i + 1}`)
)
/** Distinct words per thread, so no two findings read as duplicates of each other. */
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel']

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

function seedThreads(): FakeThread[] {
  return Array.from({ length: THREADS }, (_, i) => {
    const finding = `Ledger ${WORDS[i % 8]} ${WORDS[Math.floor(i / 8)]} entry${2 * i + 1} overflows`
    const root = formatBotComment(`${finding}.`, {
      finding,
      assessment: `Why ${finding} matters.`,
      score: 6
    })
    return scenario.github.state.addThread(scenario.pr, {
      path: 'src/ledger.ts',
      line: 2 * i + 1,
      comments: [{ author: BOT, body: root }]
    })
  })
}

/** The bot's replies in a thread (its root finding excluded). */
const botReplies = (thread: FakeThread) =>
  thread.comments.slice(1).filter((comment) => comment.author.login === BOT)

/** Every tool result of the run: the last request carries the whole session history. */
function lastToolResults(): string[] {
  return toolResults(scenario.model.requests.at(-1)?.body)
}

function count(texts: readonly string[], part: string): number {
  return texts.filter((text) => text.includes(part)).length
}

const nudgeSteps = (): ScriptStep[] => [{ text: 'The rest waits for the next run.' }]

it('the caps hold when the model sends its replies as parallel tool calls in one step', async () => {
  scenario = await startScenario([file])
  const threads = seedThreads()
  // Each reply stays in flight a while, so the calls of the step overlap.
  slowRoute(scenario.github, REPLIES_ROUTE, 200)
  const [first, ...others] = threads
  if (first === undefined) throw new Error('no threads')
  scenario.model.enqueue(
    {
      toolCalls: [
        tool.reply(first.id, 'Still overflows: first answer.', false),
        tool.reply(first.id, 'Still overflows: second answer.', false),
        ...others.map((thread, i) =>
          tool.reply(thread.id, `Still overflows: answer ${i + 2}.`, false)
        )
      ]
    },
    ...pass(1),
    ...nudgeSteps(),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const result = await scenario.run()
  expect(result.failed).toBe(false)

  const results = lastToolResults()
  expect(count(results, ONE_PER_THREAD)).toBe(1)
  expect(botReplies(first)).toHaveLength(1)
  expect(count(results, CAP_REASON)).toBe(THREADS - CAP)
  expect(threads.flatMap(botReplies)).toHaveLength(CAP)
  expect(scenario.github.requestsTo(REPLIES_ROUTE)).toHaveLength(CAP)
  expect(threads.filter((thread) => botReplies(thread).length > 1)).toEqual([])
  // The threads left over the cap are the ones the model is asked about after pass 1.
  const unanswered = threads.filter((thread) => botReplies(thread).length === 0)
  expect(unanswered).toHaveLength(THREADS - CAP)
  const nudge = userMessages(scenario.model.requests.at(-1)?.body).find((text) =>
    text.includes('got no answer in this')
  )
  expect(nudge).toBeDefined()
  for (const thread of unanswered) expect(nudge).toContain(thread.id)
  expect(nudge).not.toContain(`thread_id ${first.id},`)
})
