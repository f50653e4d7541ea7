/**
 * The model proxy's added latency per model request, against the same request
 * sent straight to the model, measured in the same run: a streamed
 * chat-completions request (tools included, as opencode sends them) to the
 * fake model, read to its last event. Rounds alternate direct and proxied
 * blocks, so drift hits both alike.
 */
import { ModelProxy } from '../src/egress/model-proxy.js'
import { FAKE_API_KEY } from '../__tests__/support/fake-model/provider.js'
import { FakeModel } from '../__tests__/support/fake-model/fake-model-server.js'

const ROUNDS = 5
const PER_ROUND = 60
const WARM_UP = 30

const body = JSON.stringify({
  model: 'fake-model',
  stream: true,
  messages: [
    { role: 'system', content: 'You review pull requests. '.repeat(200) },
    {
      role: 'user',
      content: 'Pass 1 of 4: review the diff below.\n' + '+const a = 1\n'.repeat(300)
    }
  ],
  tools: Array.from({ length: 8 }, (_, i) => ({
    type: 'function',
    function: { name: `tool_${i}`, description: 'A tool.', parameters: { type: 'object' } }
  }))
})

async function once(url: string, authorization: string): Promise<number> {
  const start = performance.now()
  const answer = await fetch(url, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body
  })
  const text = await answer.text()
  if (answer.status !== 200 || !text.includes('[DONE]')) {
    throw new Error(`unexpected answer ${answer.status}: ${text.slice(0, 200)}`)
  }
  return performance.now() - start
}

async function block(url: string, authorization: string, count: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < count; i += 1) times.push(await once(url, authorization))
  return times
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}
const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length

export async function main(): Promise<void> {
  const fake = await FakeModel.start()
  fake.fallback = { text: 'No findings in this part of the diff. '.repeat(20) }
  const proxy = await ModelProxy.start({
    upstream: {
      providerId: 'fake',
      baseURL: new URL(fake.baseURL),
      apiKey: FAKE_API_KEY,
      headers: {}
    }
  })
  const direct = `${fake.baseURL}/chat/completions`
  const proxied = `${proxy.baseURL}/chat/completions`
  try {
    await block(direct, `Bearer ${FAKE_API_KEY}`, WARM_UP)
    await block(proxied, `Bearer ${proxy.token}`, WARM_UP)
    const straight: number[] = []
    const through: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      straight.push(...(await block(direct, `Bearer ${FAKE_API_KEY}`, PER_ROUND)))
      through.push(...(await block(proxied, `Bearer ${proxy.token}`, PER_ROUND)))
    }
    const d = median(straight)
    const p = median(through)
    console.log(
      `model request (streamed, ${(body.length / 1024).toFixed(1)} KB up): direct ${d.toFixed(2)} ms, through the model proxy ${p.toFixed(2)} ms (median of ${straight.length}); added ${(p - d).toFixed(2)} ms per request, ratio ${(p / d).toFixed(2)}`
    )
    console.log(
      `means: direct ${mean(straight).toFixed(2)} ms, proxied ${mean(through).toFixed(2)} ms, ratio ${(mean(through) / mean(straight)).toFixed(2)}; a real model answers in seconds, so the added time is what counts`
    )
  } finally {
    await proxy.close()
    await fake.stop()
  }
}
