/**
 * One script per conversation, for agents whose requests arrive in no fixed
 * order (two confirmers prompted at once, each in its own sidecar). A
 * request that `belongs` is answered from the script of its session
 * (opencode's x-session-id header): a new session takes the next script
 * `scriptFor` gives for its key (read from its first request), and every
 * later request of that session takes the next step of the same script. Use
 * it as FakeModel.route; other requests fall through to the queue.
 */
import type { RecordedRequest, ScriptStep } from './fake-model-server.js'

export interface ConversationPlan {
  /** True for the requests of the conversations this plan scripts. */
  readonly belongs: (request: RecordedRequest) => boolean
  /** What tells the conversations apart, e.g. the finding a confirmer checks. */
  readonly keyOf: (request: RecordedRequest) => string
  /** The script of the `index`-th conversation (from 0) with this key. */
  readonly scriptFor: (key: string, index: number) => ScriptStep[]
}

export class ScriptedConversations {
  /** Each scripted session's requests, in order, by session id. */
  readonly requests = new Map<string, RecordedRequest[]>()
  private readonly scripts = new Map<string, ScriptStep[]>()
  private readonly started = new Map<string, number>()

  constructor(private readonly plan: ConversationPlan) {}

  readonly route = (request: RecordedRequest): ScriptStep | undefined => {
    if (!this.plan.belongs(request)) return undefined
    const session = String(request.headers['x-session-id'] ?? 'none')
    let script = this.scripts.get(session)
    if (script === undefined) {
      const key = this.plan.keyOf(request)
      const index = this.started.get(key) ?? 0
      this.started.set(key, index + 1)
      script = [...this.plan.scriptFor(key, index)]
      this.scripts.set(session, script)
    }
    this.requests.set(session, [...(this.requests.get(session) ?? []), request])
    return script.shift() ?? { text: 'Nothing more to add.' }
  }
}
