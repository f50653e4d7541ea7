/** The scripted fake model itself: order, wire format, errors, hangs, side requests. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { FakeModel } from '../support/fake-model/index.js'

let fake: FakeModel

beforeEach(async () => {
  fake = await FakeModel.start()
})

afterEach(async () => {
  await fake.stop()
})

const turn = (extra: object = {}) => ({
  model: 'fake-model',
  stream: true,
  messages: [{ role: 'user', content: 'hi' }],
  tools: [{ type: 'function', function: { name: 'read', parameters: {} } }],
  ...extra
})

async function post(body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${fake.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': 's1' },
    body: JSON.stringify(body),
    ...(signal === undefined ? {} : { signal })
  })
}

interface Chunk {
  choices: Array<{
    delta?: {
      content?: string
      tool_calls?: Array<{ function: { name: string; arguments: string } }>
    }
    finish_reason?: string | null
  }>
  usage?: unknown
}

/** The JSON payloads of an SSE body, `[DONE]` excluded. */
async function events(response: Response): Promise<Chunk[]> {
  const text = await response.text()
  return text
    .split('\n\n')
    .map((event) => event.replace(/^data: /, ''))
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data) => JSON.parse(data) as Chunk)
}

describe('FakeModel', () => {
  it('serves scripted steps in order, then the fallback, and records each request', async () => {
    fake.enqueue(
      { text: 'first' },
      { toolCalls: [{ name: 'github_post', arguments: { line: 3 } }], text: 'calling' }
    )
    fake.fallback = { text: 'fallback' }
    const first = await events(await post(turn()))
    expect(first.map((e) => e.choices[0]?.delta?.content ?? '').join('')).toBe('first')
    expect(first.at(-1)?.usage).toEqual({
      prompt_tokens: 100,
      completion_tokens: 20,
      total_tokens: 120
    })

    const second = await events(await post(turn()))
    const call = second.find((e) => e.choices[0]?.delta?.tool_calls)?.choices[0]?.delta
      ?.tool_calls?.[0]
    expect(call?.function).toEqual({ name: 'github_post', arguments: '{"line":3}' })
    expect(second.find((e) => e.choices[0]?.finish_reason)?.choices[0]?.finish_reason).toBe(
      'tool_calls'
    )

    const third = await events(await post(turn()))
    expect(third.map((e) => e.choices[0]?.delta?.content ?? '').join('')).toBe('fallback')
    expect(fake.requests).toHaveLength(3)
    expect(fake.requests[0]?.headers['x-session-id']).toBe('s1')
    expect(fake.requests[0]?.body.messages[0].content).toBe('hi')
  })

  it('answers a scripted HTTP error', async () => {
    fake.enqueue({ status: 400, body: { error: { message: 'bad request' } } })
    const response = await post(turn())
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: { message: 'bad request' } })
  })

  it('hangs until the client aborts', async () => {
    fake.enqueue({ hang: true }, { text: 'after' })
    const controller = new AbortController()
    const response = await post(turn(), controller.signal)
    const reading = response.text()
    controller.abort()
    await expect(reading).rejects.toThrow()
    const next = await events(await post(turn()))
    expect(next.map((e) => e.choices[0]?.delta?.content ?? '').join('')).toBe('after')
  })

  it('answers requests without tools as side requests, without using a step', async () => {
    fake.enqueue({ text: 'for the reviewer' })
    await (await post(turn({ tools: undefined }))).text()
    expect(fake.sideRequests).toHaveLength(1)
    expect(fake.requests).toHaveLength(0)
    expect(fake.pending).toBe(1)
  })

  it('answers non-streamed requests with one JSON completion', async () => {
    fake.enqueue({ text: 'plain' })
    const body = (await (await post(turn({ stream: false }))).json()) as {
      choices: Array<{ message: { content: string } }>
    }
    expect(body.choices[0]?.message.content).toBe('plain')
  })
})
