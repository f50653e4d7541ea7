/**
 * The session driver against the real opencode binary, the fake model and
 * the tool bridge: tool calls reach the action process and their results
 * reach the model; a hung model is aborted at our deadline and the session
 * keeps working; passes share one conversation; model errors are typed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import {
  McpNotConnectedError,
  ModelTurnError,
  TurnDeadlineError
} from '../../src/opencode/errors.js'
import type { TurnProgress } from '../../src/opencode/session.js'
import { FAKE_USAGE } from '../support/fake-model/index.js'
import {
  contentText,
  messagesOf,
  startSessionHarness,
  type SessionHarness
} from './session-harness.js'

const comment = {
  file: 'src/app.ts',
  line: 1,
  body: 'The answer is hard-coded.',
  assessment: { finding: 'Magic number', assessment: 'Nobody knows why 42.', score: 4 }
}

let harness: SessionHarness

beforeAll(async () => {
  harness = await startSessionHarness()
}, 120_000)

afterAll(async () => {
  await harness?.stop()
}, 60_000)

describe('session driver with the real opencode', () => {
  it('delivers a tool call to the action process and its result to the model', async () => {
    const progress: TurnProgress[] = []
    const session = await harness.openSession({ onProgress: (event) => progress.push(event) })
    const first = harness.fake.requests.length
    harness.port.postResult = {
      status: 'staged',
      finding_id: 'F77',
      score: 7,
      note: 'Accepted at score 7.'
    }
    harness.fake.enqueue(
      { toolCalls: [{ name: 'github_post_review_comment', arguments: comment }] },
      { text: 'Review done.' }
    )

    const turn = await session.prompt('Review the change.', { deadlineMs: 60_000 })

    expect(harness.port.calls).toContainEqual({ method: 'postReviewComment', args: comment })
    expect(turn.ending).toBe('idle')
    expect(turn.error).toBeUndefined()
    expect(turn.text).toBe('Review done.')
    expect(turn.toolCalls).toEqual([
      expect.objectContaining({
        name: 'github_post_review_comment',
        status: 'completed',
        input: comment
      })
    ])
    // The port's answer is what the model reads in its next request.
    const next = messagesOf(harness.fake.requests[first + 1]?.body)
    const toolMessage = next.find((message) => message.role === 'tool')
    expect(contentText(toolMessage ?? { role: 'none' })).toContain('F77')
    // Two model responses, each with the fake usage.
    expect(turn.steps).toBe(2)
    expect(turn.tokens.input).toBe(2 * FAKE_USAGE.prompt_tokens)
    expect(turn.tokens.output).toBe(2 * FAKE_USAGE.completion_tokens)
    expect(progress).toContainEqual({
      kind: 'tool',
      call: expect.objectContaining({ name: 'github_post_review_comment', status: 'completed' })
    })
  }, 120_000)

  it('returns invalid tool arguments to the model as an error it can fix', async () => {
    const session = await harness.openSession()
    const first = harness.fake.requests.length
    const callsBefore = harness.port.calls.length
    harness.fake.enqueue(
      { toolCalls: [{ name: 'github_resolve_thread', arguments: { reason: 'fixed' } }] },
      { text: 'Understood.' }
    )

    const turn = await session.prompt('Resolve what is fixed.', { deadlineMs: 60_000 })

    expect(harness.port.calls.length).toBe(callsBefore)
    expect(turn.toolCalls).toEqual([
      expect.objectContaining({ name: 'github_resolve_thread', status: 'error' })
    ])
    const next = messagesOf(harness.fake.requests[first + 1]?.body)
    const toolMessage = next.find((message) => message.role === 'tool')
    expect(contentText(toolMessage ?? { role: 'none' })).toMatch(/thread_id: expected string/)
  }, 120_000)

  it('aborts a hung model at the deadline, and the session can be prompted again', async () => {
    const session = await harness.openSession()
    harness.fake.enqueue({ hang: true })

    const hung = await session.prompt('Review slowly.', { deadlineMs: 3_000 })

    expect(hung.ending).toBe('deadline')
    expect(hung.error).toBeInstanceOf(TurnDeadlineError)

    harness.fake.enqueue({ text: 'Back on track.' })
    const next = await session.prompt('Try again.', { deadlineMs: 60_000 })
    expect(next.ending).toBe('idle')
    expect(next.error).toBeUndefined()
    expect(next.text).toBe('Back on track.')
  }, 120_000)

  it('carries the first pass conversation into the second pass request', async () => {
    const session = await harness.openSession()
    harness.fake.enqueue({ text: 'Pass one: found a magic number.' })
    await session.prompt('PASS ONE: look for problems.', { deadlineMs: 60_000 })
    const second = harness.fake.requests.length
    harness.fake.enqueue({ text: 'Pass two: nothing new.' })

    await session.prompt('PASS TWO: look again.', { deadlineMs: 60_000 })

    const conversation = messagesOf(harness.fake.requests[second]?.body)
      .filter((message) => message.role === 'user' || message.role === 'assistant')
      .map((message) => `${message.role}: ${contentText(message)}`)
    expect(conversation).toEqual([
      'user: PASS ONE: look for problems.',
      'assistant: Pass one: found a magic number.',
      'user: PASS TWO: look again.'
    ])
  }, 120_000)

  it('surfaces a model error inside the assistant message as a typed error', async () => {
    const session = await harness.openSession()
    harness.fake.enqueue({ status: 400, body: { error: { message: 'scripted bad request' } } })

    const turn = await session.prompt('Review.', { deadlineMs: 60_000 })

    expect(turn.ending).toBe('idle')
    expect(turn.error).toBeInstanceOf(ModelTurnError)
    expect(turn.error).toMatchObject({ kind: 'APIError', statusCode: 400 })
    expect(turn.error?.message).toContain('scripted bad request')
  }, 120_000)

  it('refuses to start when an expected MCP server is not connected', async () => {
    await expect(
      harness.openSession({ mcpServers: ['github', 'submit', 'absent'], mcpTimeoutMs: 1_000 })
    ).rejects.toThrow(McpNotConnectedError)
  }, 60_000)
})
