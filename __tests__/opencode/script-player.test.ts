/**
 * The script player (test support for runs that only prepare the run under
 * test): it plays a fake model's queue against the action's tools as the
 * bridge would, so a played run is the same run minus the sidecar.
 */
import { RecordingPort } from '../bridge/recording-port.js'
import { FakeModel, scriptPlayer } from '../support/fake-model/index.js'
import { tool } from '../e2e/harness.js'

let model: FakeModel
beforeEach(async () => {
  model = await FakeModel.start()
})
afterEach(async () => {
  await model.stop()
})

const start = async (port: RecordingPort) =>
  scriptPlayer(model).start({ systemPrompt: 'system', tools: port })

it('calls the tools with arguments parsed by the bridge schemas until a step without tool calls', async () => {
  const port = new RecordingPort()
  const invalid = tool.post('src/a.ts', 3, 11, 'Scores past 10 are refused')
  model.enqueue(
    { toolCalls: [tool.post('src/a.ts', 3, 7, '  Padded finding  '), invalid] },
    { toolCalls: [tool.submit(1)] },
    { text: 'Done.' },
    { text: 'Not played: the turn ended before it.' }
  )
  const agent = await start(port)
  const turn = await agent.session.prompt('Pass 1 of 4', { deadlineMs: 1000 })
  expect(turn).toMatchObject({ ending: 'idle', steps: 3 })
  expect(turn.toolCalls.map((c) => [c.name, c.status])).toEqual([
    ['github_post_review_comment', 'completed'],
    ['github_post_review_comment', 'error'],
    ['submit_pass_results', 'completed']
  ])
  // Only valid calls reached the port, trimmed by the schema as through the bridge.
  expect(port.calls.map((c) => c.method)).toEqual(['postReviewComment', 'submitPassResults'])
  expect(port.calls[0]?.args).toMatchObject({ assessment: { finding: 'Padded finding' } })
  expect(model.playedPrompts).toEqual(['Pass 1 of 4'])
  expect(model.pending).toBe(1)
  expect(model.requests).toEqual([])
})

it('a refused call is an error result and the turn goes on; opencode’s own tools cannot be played', async () => {
  const port = new RecordingPort()
  port.failWith = new Error('refused')
  model.enqueue({ toolCalls: [tool.submit(1)] }, { text: 'Done.' })
  const agent = await start(port)
  const turn = await agent.session.prompt('Pass 1 of 4', { deadlineMs: 1000 })
  expect(turn.toolCalls).toEqual([{ name: 'submit_pass_results', status: 'error' }])

  model.enqueue({ toolCalls: [{ name: 'read', arguments: { filePath: 'src/a.ts' } }] })
  await expect(agent.session.prompt('Pass 2 of 4', { deadlineMs: 1000 })).rejects.toThrow(
    'read cannot be played without opencode'
  )
})
