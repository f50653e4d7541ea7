/**
 * What second opinions cost in model input, as ratios to the review by one
 * model, all measured in this one process through the action's real run()
 * and real opencode, on the same 20-file PR reviewed from scratch three
 * times. Every reviewer is scripted alike: two score-9 findings in pass 1,
 * then each pass submits.
 *   - one reviewer: `model` alone, `confirm_min_score: off`;
 *   - two reviewers: `reviewer_models` names a second model (confirmation
 *     off): each sends its own requests with its own copy of the system
 *     prompt, tools and pass prompts, so about twice the first;
 *   - confirmation of two findings: `model` alone with the default
 *     `confirm_min_score` (9): both confirmers confirm both findings, each in
 *     a fresh session per finding (no exchange round);
 *   - three discovery runs: `discovery_runs: 3` (confirmation off), each run
 *     its own session with its own focus hint, all three scripted alike.
 *
 * What counts: model requests (agent turns the fake model answered) and
 * their input in UTF-8 bytes (see `inputBytes` in __tests__/e2e/requests.ts:
 * every message's text, tool calls and tool definitions, summed over the
 * requests, repeated history counted in full; provider prompt caching would
 * bill it at a discount).
 */
import { addedFile, pass, startScenario, tool } from '../__tests__/e2e/harness.js'
import { inputBytes, messageText } from '../__tests__/e2e/requests.js'
import {
  FAKE_SECOND_MODEL,
  FAKE_SECOND_MODEL_ID,
  ScriptedConversations,
  type RecordedRequest,
  type ScriptStep
} from '../__tests__/support/fake-model/index.js'

const files = Array.from({ length: 20 }, (_, f) =>
  addedFile(
    `src/module-${f}.ts`,
    Array.from({ length: 40 }, (_, i) => `export const value${f}_${i} = compute(${i}, ${f})`)
  )
)

/** One reviewer's script: the same two blocking findings, then each pass submits. */
const script = (): ScriptStep[] => [
  ...pass(1, [
    tool.post('src/module-0.ts', 10, 9, 'compute is called with unchecked input'),
    tool.post('src/module-1.ts', 20, 9, 'compute can divide by zero')
  ]),
  ...pass(2),
  ...pass(3),
  ...pass(4)
]

type Body = { messages?: { role: string; content?: unknown }[] }

const isConfirmer = (request: RecordedRequest): boolean =>
  ((request.body as Body).messages ?? []).some(
    (m) => m.role === 'system' && messageText(m).includes('independent checker')
  )

const findingOf = (request: RecordedRequest): string => {
  const user = ((request.body as Body).messages ?? []).find((m) => m.role === 'user')
  return /finding (F\d+)/.exec(user === undefined ? '' : messageText(user))?.[1] ?? '?'
}

const opensWith = (request: RecordedRequest, heading: string): boolean =>
  ((request.body as Body).messages ?? []).some(
    (m) => m.role === 'user' && messageText(m).includes(heading)
  )

/** Which kind of confirmer session a request belongs to: its key's prefix. */
const sessionKind = (request: RecordedRequest): string =>
  opensWith(request, 'Consensus check on finding')
    ? 'consensus '
    : opensWith(request, 'Comment draft for confirmed finding')
      ? 'draft '
      : ''

/**
 * Both confirmers confirm every finding they are given, with a failing test,
 * the consensus check that follows agrees, and the comment is drafted anew.
 */
const confirmers = () =>
  new ScriptedConversations({
    belongs: isConfirmer,
    keyOf: (request) => `${sessionKind(request)}${findingOf(request)}`,
    scriptFor: (key) =>
      key.startsWith('consensus ')
        ? consensusAgrees(key.slice('consensus '.length))
        : key.startsWith('draft ')
          ? drafted(key.slice('draft '.length))
          : [
              {
                toolCalls: [
                  {
                    name: 'submit_confirmation',
                    arguments: {
                      finding_id: key,
                      verdict: 'confirmed',
                      reasoning: 'The failing path is direct.',
                      failing_test: "it('fails', () => expect(compute(1, 0)).toBe(1))"
                    }
                  }
                ]
              },
              { text: 'Answered.' }
            ]
  }).route

/** The consensus check's answer: the same defect. */
const consensusAgrees = (id: string): ScriptStep[] => [
  {
    toolCalls: [
      {
        name: 'submit_consensus',
        arguments: { finding_id: id, agree: true, explanation: 'The same defect, tested alike.' }
      }
    ]
  },
  { text: 'Compared.' }
]

/** The comment draft of a confirmed finding. */
const drafted = (id: string): ScriptStep[] => [
  {
    toolCalls: [
      {
        name: 'submit_comment_draft',
        arguments: { finding_id: id, body: 'Dividing by zero here throws: guard the divisor.' }
      }
    ]
  },
  { text: 'Drafted.' }
]

interface Cost {
  readonly requests: number
  readonly bytes: number
}

const firstUserText = (request: RecordedRequest): string => {
  const user = ((request.body as Body).messages ?? []).find((m) => m.role === 'user')
  return user === undefined ? '' : messageText(user)
}

/** Every discovery run plays the same script in its own session. */
const discoveryRuns = () =>
  new ScriptedConversations({
    belongs: (request) => /This is discovery run \d of/.test(firstUserText(request)),
    keyOf: (request) => /discovery run (\d)/.exec(firstUserText(request))?.[1] ?? '?',
    scriptFor: () => script()
  }).route

async function review(inputs: Record<string, string>, secondReviewer: boolean): Promise<Cost> {
  const scenario = await startScenario(files)
  try {
    const confirming = confirmers()
    const discovering = discoveryRuns()
    scenario.model.route = (request) => confirming(request) ?? discovering(request)
    if (inputs['discovery_runs'] === undefined) scenario.model.enqueue(...script())
    if (secondReviewer) scenario.model.enqueueFor(FAKE_SECOND_MODEL_ID, script())
    const result = await scenario.run({ inputs })
    if (result.failed) throw new Error(`the review failed:\n${result.stdout}`)
    const requests = scenario.model.requests
    return {
      requests: requests.length,
      bytes: requests.reduce((sum, request) => sum + inputBytes(request), 0)
    }
  } finally {
    await scenario.stop()
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`

export async function main(): Promise<void> {
  const one = await review({ confirm_min_score: 'off' }, false)
  const two = await review({ confirm_min_score: 'off', reviewer_models: FAKE_SECOND_MODEL }, true)
  const confirmed = await review({}, false)
  const discovery = await review({ confirm_min_score: 'off', discovery_runs: '3' }, false)
  for (const [name, cost] of [
    ['one reviewer (model)', one],
    ['two reviewers (model + reviewer_models)', two],
    ['one reviewer, 2 findings confirmed (confirm_min_score 9)', confirmed],
    ['three discovery runs of model (discovery_runs 3)', discovery]
  ] as const) {
    console.log(
      `${name}: ${cost.requests} model requests, ${kb(cost.bytes)} input; ` +
        `ratio to one reviewer: requests ${(cost.requests / one.requests).toFixed(2)}, ` +
        `input bytes ${(cost.bytes / one.bytes).toFixed(2)}`
    )
  }
}
