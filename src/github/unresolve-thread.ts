/**
 * Reopening a resolved thread through GraphQL when its finding is back. It
 * needs the same permissions as resolving; a refusal is reported (the
 * finding is still in the summary), never a failed run.
 */
import { z } from 'zod'
import { RESOLVE_PERMISSIONS, type ResolveResult } from '../ports/review-gateway.js'
import { describeApiError, isPermissionDenied } from './api-errors.js'
import { UNRESOLVE_THREAD_MUTATION } from './graphql-documents.js'
import { parseResponse } from './parse-response.js'
import type { WriteContext } from './write-context.js'

const UnresolveResponse = z.object({
  unresolveReviewThread: z.object({
    thread: z.object({ id: z.string(), isResolved: z.literal(false) })
  })
})

export async function unresolveThread(ctx: WriteContext, threadId: string): Promise<ResolveResult> {
  try {
    // Reopening twice is harmless, so plugin-retry may re-send this one.
    parseResponse(
      UnresolveResponse,
      await ctx.client.graphql(UNRESOLVE_THREAD_MUTATION, { threadId }),
      `GraphQL UnresolveThread(${threadId})`
    )
    return { kind: 'resolved' }
  } catch (error) {
    if (!isPermissionDenied(error)) throw error
    const warning =
      `Could not reopen review thread ${threadId} (${describeApiError(error)}): ` +
      `the workflow token needs ${RESOLVE_PERMISSIONS}.`
    ctx.log(warning)
    return { kind: 'forbidden', reply: undefined, warning }
  }
}
