/**
 * A scripted fake model on 127.0.0.1:0 speaking the OpenAI-compatible
 * chat-completions API, the way opencode's `@ai-sdk/openai-compatible`
 * provider calls it. Each request of the reviewer agent consumes the next
 * scripted step (or `fallback` when the queue is empty) and is recorded.
 *
 * Side requests: opencode 1.18.33 sends one title-generation request per new
 * session (its system prompt starts "You are a title generator", and it
 * offers no tools), which would steal a scripted step. Measured: the config of
 * src/opencode/config.ts (`agent.title.disable: true`) stops it, and no other
 * side request was seen. As a safety net, any request without tools is not an
 * agent turn: it lands in `sideRequests`, gets a short text and never
 * consumes a scripted step.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  completionBody,
  FAKE_USAGE,
  streamEvents,
  type CompletionUsage,
  type ScriptedToolCall
} from './chunks.js'

/** A step that answers may say what usage it reports (FAKE_USAGE by default). */
export type ScriptStep =
  | { text: string; usage?: CompletionUsage }
  | { toolCalls: ScriptedToolCall[]; text?: string; usage?: CompletionUsage }
  | { status: number; body?: unknown }
  | { hang: true }

export interface RecordedRequest {
  readonly body: any // eslint-disable-line @typescript-eslint/no-explicit-any
  readonly headers: Record<string, string | string[] | undefined>
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const part of req) chunks.push(part as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * An agent turn always offers tools (at least `read`); opencode's title and
 * summary generators send none. Checked only as a fallback safety net.
 */
export function isAgentTurn(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const tools = (body as { tools?: unknown }).tools
  return Array.isArray(tools) && tools.length > 0
}

export class FakeModel {
  readonly requests: RecordedRequest[] = []
  /** Requests that were not agent turns (should stay empty with our config). */
  readonly sideRequests: RecordedRequest[] = []
  /** The usage reported with every answered agent turn, in order. */
  readonly reportedUsage: CompletionUsage[] = []
  fallback: ScriptStep = { text: 'Nothing more to add.' }
  /** The prompts of runs played without opencode (script-player.ts): no request carried them. */
  readonly playedPrompts: string[] = []
  /** The tool results of played runs, as the bridge would have sent them, in order. */
  readonly playedToolResults: string[] = []
  /**
   * Answers a request before the queue does, e.g. one scripted conversation
   * per session (see conversations.ts); undefined leaves it to the queue.
   */
  route: ((request: RecordedRequest) => ScriptStep | undefined) | undefined
  /** Awaited before each agent turn is answered: a look at the world mid-run. */
  onAgentRequest: ((request: RecordedRequest) => Promise<void> | void) | undefined
  private readonly queue: ScriptStep[] = []
  /** Scripts of single models (the request's `model` field), for several reviewers at once. */
  private readonly modelQueues = new Map<string, { steps: ScriptStep[]; fallback: ScriptStep }>()
  private readonly open = new Set<ServerResponse>()
  private counter = 0

  private readonly server: Server
  private url = ''

  private constructor() {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(String(error))
      })
    })
  }

  /** e.g. "http://127.0.0.1:PORT/v1": the provider's `baseURL`. */
  get baseURL(): string {
    return this.url
  }

  static async start(): Promise<FakeModel> {
    const model = new FakeModel()
    await new Promise<void>((resolve, reject) => {
      model.server.once('error', reject)
      model.server.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = model.server.address() as AddressInfo
    model.url = `http://127.0.0.1:${port}/v1`
    return model
  }

  enqueue(...steps: ScriptStep[]): void {
    this.queue.push(...steps)
  }

  /**
   * Scripts the requests whose `model` field is `model` (the provider's model
   * id, e.g. "second-model"), apart from the shared queue: each reviewer
   * model plays its own script. `fallback` answers once the steps run out
   * (the shared fallback when not given).
   */
  enqueueFor(model: string, steps: readonly ScriptStep[], fallback?: ScriptStep): void {
    const own = this.modelQueues.get(model)
    if (own !== undefined) {
      own.steps.push(...steps)
      if (fallback !== undefined) own.fallback = fallback
      return
    }
    this.modelQueues.set(model, { steps: [...steps], fallback: fallback ?? this.fallback })
  }

  /**
   * The next step of the shared queue (the fallback when it is empty), as a
   * request would take it: for a script played without opencode.
   */
  takeStep(): ScriptStep {
    return this.queue.shift() ?? this.fallback
  }

  /** The agent requests that asked for `model` (the request's `model` field). */
  requestsFor(model: string): RecordedRequest[] {
    return this.requests.filter((request) => request.body?.model === model)
  }

  /** Steps not served yet, the per-model scripts included. */
  get pending(): number {
    let own = 0
    for (const queue of this.modelQueues.values()) own += queue.steps.length
    return this.queue.length + own
  }

  async stop(): Promise<void> {
    for (const res of this.open) res.destroy()
    this.open.clear()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0]
    if (req.method === 'GET' && path === '/v1/models') {
      return this.json(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model' }] })
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return this.json(res, 404, { error: { message: `no route ${req.method} ${req.url}` } })
    }
    const body = await readJson(req)
    const recorded: RecordedRequest = { body, headers: { ...req.headers } }
    if (!isAgentTurn(body)) {
      this.sideRequests.push(recorded)
      return this.answer(res, body, { text: 'Side request' })
    }
    this.requests.push(recorded)
    await this.onAgentRequest?.(recorded)
    // A route (per conversation) answers first, then a model's own queue, then the shared one.
    const own = this.modelQueues.get(String((body as { model?: unknown })?.model))
    const step =
      this.route?.(recorded) ??
      (own !== undefined
        ? (own.steps.shift() ?? own.fallback)
        : (this.queue.shift() ?? this.fallback))
    if ('text' in step || 'toolCalls' in step) this.reportedUsage.push(step.usage ?? FAKE_USAGE)
    return this.answer(res, body, step)
  }

  private answer(res: ServerResponse, body: unknown, step: ScriptStep): void {
    if ('hang' in step) {
      // Keep the response open; it ends when the client aborts or stop() runs.
      this.open.add(res)
      res.on('close', () => this.open.delete(res))
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.flushHeaders()
      return
    }
    if ('status' in step) {
      return this.json(res, step.status, step.body ?? { error: { message: 'scripted error' } })
    }
    this.counter += 1
    const model = (body as { model?: unknown })?.model
    const completion = {
      id: `fake${this.counter}`,
      model: typeof model === 'string' ? model : 'fake-model',
      text: step.text,
      ...('toolCalls' in step ? { toolCalls: step.toolCalls } : {}),
      ...(step.usage === undefined ? {} : { usage: step.usage })
    }
    if ((body as { stream?: unknown })?.stream === true) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      for (const event of streamEvents(completion)) res.write(event)
      res.end()
      return
    }
    this.json(res, 200, completionBody(completion))
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
}
