/**
 * What confirming blocking findings costs in model input, next to the same
 * review without it, measured in one process through the action's real
 * run() and real opencode: a 40-line PR whose review stages two score-9
 * findings, reviewed once with `confirm_min_score: off` and once with the
 * default (9), where both confirmers confirm both findings (no exchange).
 *
 * What counts: model requests, and input in UTF-8 bytes summed over the
 * requests (`inputBytes` in __tests__/e2e/requests.ts: every message's text,
 * tool calls and tool definitions; provider prompt caching would bill the
 * repeated history at a discount, this counts it in full). Reported, with
 * the confirmation sessions' own share; there is no fixed target.
 */
import {
  ScriptedConversations,
  type RecordedRequest
} from '../__tests__/support/fake-model/index.js'
import { addedFile, pass, startScenario, tool } from '../__tests__/e2e/harness.js'
import { inputBytes, messageText } from '../__tests__/e2e/requests.js'

const FILE = addedFile(
  'src/refunds.ts',
  Array.from({ length: 40 }, (_, i) => `export const step${i + 1} = ${i + 1}`)
)

type Body = { messages?: { role: string; content?: unknown }[] }

const isConfirmer = (request: RecordedRequest): boolean =>
  ((request.body as Body).messages ?? []).some(
    (m) => m.role === 'system' && messageText(m).includes('independent checker')
  )

const firstFinding = (request: RecordedRequest): string => {
  const user = ((request.body as Body).messages ?? []).find((m) => m.role === 'user')
  return /finding (F\d+)/.exec(user === undefined ? '' : messageText(user))?.[1] ?? '?'
}

interface Measured {
  readonly requests: number
  readonly bytes: number
  readonly confirmerRequests: number
  readonly confirmerBytes: number
}

async function review(confirm: boolean): Promise<Measured> {
  const scenario = await startScenario([FILE])
  try {
    scenario.model.route = new ScriptedConversations({
      belongs: isConfirmer,
      keyOf: firstFinding,
      scriptFor: (id) => [
        {
          toolCalls: [
            {
              name: 'submit_confirmation',
              arguments: {
                finding_id: id,
                verdict: 'confirmed',
                reasoning: 'The path to the failure is direct.',
                failing_test: "it('fails', () => expect(refund(1, 2)).toBe(1))"
              }
            }
          ]
        },
        { text: 'Answered.' }
      ]
    }).route
    scenario.model.enqueue(
      ...pass(1, [
        tool.post('src/refunds.ts', 10, 9, 'Refund can exceed the captured amount'),
        tool.post('src/refunds.ts', 20, 9, 'Concurrent refunds double-spend the balance')
      ]),
      ...pass(2),
      ...pass(3),
      ...pass(4)
    )
    const result = await scenario.run({ inputs: { confirm_min_score: confirm ? '9' : 'off' } })
    if (result.failed) throw new Error(`the review failed:\n${result.stdout}`)
    const requests = scenario.model.requests
    const checks = requests.filter(isConfirmer)
    const sum = (list: readonly RecordedRequest[]) =>
      list.reduce((total, request) => total + inputBytes(request), 0)
    return {
      requests: requests.length,
      bytes: sum(requests),
      confirmerRequests: checks.length,
      confirmerBytes: sum(checks)
    }
  } finally {
    await scenario.stop()
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`

export async function main(): Promise<void> {
  const without = await review(false)
  const withConfirmation = await review(true)
  for (const [name, run] of [
    ['without confirmation', without],
    ['with confirmation of 2 findings', withConfirmation]
  ] as const) {
    console.log(
      `${name}: ${run.requests} requests, ${kb(run.bytes)} input ` +
        `(confirmation sessions: ${run.confirmerRequests} requests, ${kb(run.confirmerBytes)})`
    )
  }
  console.log(
    `model requests, with / without: ratio ${(withConfirmation.requests / without.requests).toFixed(3)}`
  )
  console.log(
    `input bytes, with / without: ratio ${(withConfirmation.bytes / without.bytes).toFixed(3)}`
  )
}
