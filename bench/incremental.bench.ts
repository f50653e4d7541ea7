/**
 * What a one-line push costs in model input, next to the full review before
 * it, measured in the same process through the action's real run(): a
 * 30-file PR (each file adds a 43-line function and rewrites one base line)
 * gets a full review, then a push adds one line to one file and the PR is
 * reviewed again. The model is scripted the same way both times (a tool
 * call in pass 1: a finding in run 1, its follow-up in run 2; then each pass
 * submits), so both runs send the same number of requests.
 *
 * What counts, in UTF-8 bytes (see `inputBytes` in __tests__/e2e/requests.ts):
 * - pass 1 prompt: the user message that opens pass 1, as the model received
 *   it (in run 2 it starts with the fix-verification section for the open
 *   thread, which is part of the same message);
 * - whole run: for every request of the run, the text of every message
 *   (system, user, assistant, tool results), the name and arguments of every
 *   tool call, and the tool definitions as JSON, summed over the requests.
 *   JSON framing and ids are left out. Provider prompt caching would bill
 *   most of the repeated history at a discount; this counts it in full.
 *
 * Targets: run 2 / run 1 at most 0.10 for pass 1 and 0.50 for the whole run.
 */
import { onePushPr } from '../__tests__/support/pr-history.js'
import type { RecordedRequest } from '../__tests__/support/fake-model/index.js'
import { pass, tool, type Scenario } from '../__tests__/e2e/harness.js'
import { headsOf, push, sha, startHistoryScenario } from '../__tests__/e2e/push.js'
import { inputBytes, messageText } from '../__tests__/e2e/requests.js'

const FILES = 30

interface RunBytes {
  readonly requests: number
  readonly pass1: number
  /** The pass-1 section alone, without the fix-verification section before it. */
  readonly pass1Section: number
  readonly total: number
  readonly system: number
  readonly tools: number
}

type Message = { role: string; content?: unknown }

function measure(requests: readonly RecordedRequest[]): RunBytes {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8')
  const first = requests[0]?.body as { messages?: Message[]; tools?: unknown[] } | undefined
  const pass1 = (first?.messages ?? []).find(
    (m) => m.role === 'user' && messageText(m).includes('Pass 1 of 4')
  )
  if (pass1 === undefined) throw new Error('the first request of the run carries no pass-1 prompt')
  const system = (first?.messages ?? []).filter((m) => m.role === 'system').map(messageText)
  return {
    requests: requests.length,
    pass1: bytes(messageText(pass1)),
    pass1Section: bytes(messageText(pass1).slice(messageText(pass1).indexOf('# Pass 1 of 4'))),
    total: requests.reduce((sum, request) => sum + inputBytes(request), 0),
    system: bytes(system.join('')),
    tools: bytes(JSON.stringify(first?.tools ?? []))
  }
}

async function reviewed(scenario: Scenario, before?: string): Promise<RecordedRequest[]> {
  const start = scenario.model.requests.length
  const result = await scenario.run(before === undefined ? {} : { before })
  if (result.failed) throw new Error(`the review failed:\n${result.stdout}`)
  return scenario.model.requests.slice(start)
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`

function verdict(label: string, ratio: number, target: number): string {
  const status =
    ratio <= target
      ? 'met'
      : `MISSED by ${(ratio - target).toFixed(3)} (${(ratio / target).toFixed(2)}x)`
  return `${label}: ratio ${ratio.toFixed(3)} (target <= ${target.toFixed(2)}, ${status})`
}

export async function main(): Promise<void> {
  const heads = headsOf(onePushPr(FILES))
  const scenario = await startHistoryScenario(heads.old, { baseSha: sha('bench base') })
  try {
    scenario.model.enqueue(
      ...pass(1, [
        tool.post('src/feature-0.ts', 50, 7, 'Rows are transformed without a bounds check')
      ]),
      ...pass(2),
      ...pass(3),
      ...pass(4)
    )
    const full = measure(await reviewed(scenario))
    const thread = scenario.pr.threads[0]
    if (thread === undefined) throw new Error('run 1 posted no thread')
    const from = await push(scenario, { files: heads.new })
    scenario.model.enqueue(
      ...pass(1, [tool.reply(thread.id, 'Still no bounds check at line 50.', false)]),
      ...pass(2),
      ...pass(3),
      ...pass(4)
    )
    const incremental = measure(await reviewed(scenario, from))

    for (const [name, run] of [
      ['run 1 (full review)', full],
      ['run 2 (one-line push)', incremental]
    ] as const) {
      console.log(
        `${name}: ${run.requests} requests; pass 1 prompt ${kb(run.pass1)} ` +
          `(pass-1 section ${kb(run.pass1Section)}); whole run ${kb(run.total)} ` +
          `(per request: system ${kb(run.system)}, tools ${kb(run.tools)})`
      )
    }
    console.log(verdict('pass 1 prompt, run 2 / run 1', incremental.pass1 / full.pass1, 0.1))
    console.log(
      verdict('whole-run model input, run 2 / run 1', incremental.total / full.total, 0.5)
    )
    const fixed = incremental.requests * (incremental.system + incremental.tools)
    console.log(
      `run 2 whole-run input: ${((100 * fixed) / incremental.total).toFixed(0)}% is the system prompt and tool definitions repeated in each of its ${incremental.requests} requests`
    )
  } finally {
    await scenario.stop()
  }
}
