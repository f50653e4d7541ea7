/**
 * Regressions: a finding that repeats one the bot resolved as fixed is not a
 * new thread. The old thread is reopened (unresolved) and the finding posted
 * in it as a reply, so the history of the issue stays in one place. When the
 * token may not unresolve, the reply still goes out and the summary warns.
 */
import { recordedConfirmation } from '../../core/findings/confirmation.js'
import { withConfirmationNote } from '../../core/findings/confirmation-note.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { StagedFinding } from '../../core/findings/finding-shapes.js'
import { threadFingerprint } from '../../core/findings/open-finding.js'
import { formatBotComment } from '../../core/memory/rmcoc.js'
import { sanitizeComment } from '../../core/text-safety/sanitize.js'
import type { PostedFinding } from '../../core/summary/summary.js'
import type { ThreadState } from '../../core/memory/run-state.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'

export interface ReopenInput {
  readonly gateway: ReviewGateway
  readonly findings: readonly StagedFinding[]
  readonly threads: readonly ThreadState[]
  readonly secrets: readonly string[]
  readonly warn: (message: string) => void
}

export interface ReopenResult {
  /** Findings posted in a reopened thread. */
  readonly posted: readonly PostedFinding[]
}

function reopeningBody(finding: StagedFinding, secrets: readonly string[]): string {
  const body = withConfirmationNote(finding.body, finding.file, finding.confirmation)
  const text = `**Regression:** this was resolved as fixed earlier, and it is back.\n\n${body}`
  return sanitizeComment({
    text,
    secrets,
    compose: (sanitized) => formatBotComment(sanitized, { kind: 'reopening', status: 'PENDING' })
  })
}

export async function reopenThreads(input: ReopenInput): Promise<ReopenResult> {
  const posted: PostedFinding[] = []
  for (const finding of input.findings) {
    if (finding.reopens === undefined) continue
    const thread = input.threads.find((t) => t.id === finding.reopens)
    // A summary-only finding has no thread: its regression is published like a new finding.
    if (thread === undefined || thread.origin === 'summary') continue
    try {
      const unresolved = await input.gateway.unresolveThread(thread.id)
      if (unresolved.kind === 'forbidden') input.warn(unresolved.warning)
      await input.gateway.replyToThread(
        thread.root_comment_id,
        reopeningBody(finding, input.secrets)
      )
    } catch (error) {
      // The old thread cannot take it: the finding is published like a new one instead.
      input.warn(
        `Thread ${thread.id} could not be reopened for ${finding.id} (${getErrorMessage(error)}); it is published as a new finding.`
      )
      continue
    }
    posted.push({
      id: finding.id,
      path: thread.file,
      line: thread.line,
      score: finding.score,
      finding: finding.finding,
      placement: thread.line === null ? 'file' : 'line',
      // The thread keeps the identity of its root comment, as later runs read it.
      fingerprint: threadFingerprint(thread.assessment.id, thread.root_comment_id),
      ...recordedConfirmation(finding.confirmation)
    })
  }
  return { posted }
}
