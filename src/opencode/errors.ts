/**
 * Typed errors of the session driver. OpenCode reports a failed turn inside
 * the assistant message (`info.error`), not as an HTTP error; these classes
 * turn that data into errors the orchestrator can branch on.
 */

/** The names OpenCode 1.18 uses in `AssistantMessage.error.name`. */
export type ModelErrorKind =
  | 'APIError'
  | 'MessageAbortedError'
  | 'ProviderAuthError'
  | 'MessageOutputLengthError'
  | 'ContextOverflowError'
  | 'ContentFilterError'
  | 'StructuredOutputError'
  | 'UnknownError'

const KNOWN_KINDS: readonly string[] = [
  'APIError',
  'MessageAbortedError',
  'ProviderAuthError',
  'MessageOutputLengthError',
  'ContextOverflowError',
  'ContentFilterError',
  'StructuredOutputError',
  'UnknownError'
]

/** Base class: anything that went wrong while driving the session. */
export class SessionDriverError extends Error {
  override name = 'SessionDriverError'
}

/** The model (or OpenCode on its behalf) failed the turn. */
export class ModelTurnError extends SessionDriverError {
  override name = 'ModelTurnError'
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    /** HTTP status from the model provider, for APIError. */
    readonly statusCode?: number,
    /** Whether OpenCode considered it retryable (it retries those itself first). */
    readonly retryable?: boolean
  ) {
    super(`${kind}: ${message}`)
  }

  /** From the `{ name, data }` object OpenCode stores in `info.error`. */
  static fromOpencode(error: { name: string; data?: Record<string, unknown> }): ModelTurnError {
    const kind = (KNOWN_KINDS.includes(error.name) ? error.name : 'UnknownError') as ModelErrorKind
    const data = error.data ?? {}
    const message =
      typeof data['message'] === 'string' && data['message'] !== ''
        ? data['message']
        : `${error.name} (no message)`
    const statusCode = typeof data['statusCode'] === 'number' ? data['statusCode'] : undefined
    const retryable = typeof data['isRetryable'] === 'boolean' ? data['isRetryable'] : undefined
    return new ModelTurnError(kind, message, statusCode, retryable)
  }
}

/** Our own deadline ran out and the turn was aborted. */
export class TurnDeadlineError extends SessionDriverError {
  override name = 'TurnDeadlineError'
  constructor(readonly deadlineMs: number) {
    super(`the turn did not finish within ${deadlineMs} ms and was aborted`)
  }
}

/** An MCP server of the tool bridge is not connected, so the agent could not act. */
export class McpNotConnectedError extends SessionDriverError {
  override name = 'McpNotConnectedError'
  constructor(
    message: string,
    readonly statuses: Readonly<Record<string, unknown>>
  ) {
    super(message)
  }
}

/** A call to the OpenCode server itself failed (HTTP error, bad response). */
export class OpencodeCallError extends SessionDriverError {
  override name = 'OpencodeCallError'
}
