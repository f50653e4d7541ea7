/**
 * Resolving a thread through GraphQL. With the Actions token this has been
 * seen to need more than pull-requests: write; a refusal degrades to a
 * resolution reply plus a warning naming the permission, never a failed run.
 */
import { z } from 'zod'
import { RESOLVE_PERMISSIONS, type ResolveResult } from '../ports/review-gateway.js'
import { describeApiError, isPermissionDenied } from './api-errors.js'
import { RESOLVE_THREAD_MUTATION } from './graphql-documents.js'
import { parseResponse } from './parse-response.js'
import { replyToComment } from './review-comments.js'
import type { WriteContext } from './write-context.js'

const ResolveResponse = z.object({
  resolveReviewThread: z.object({
    thread: z.object({ id: z.string(), isResolved: z.literal(true) })
  })
})

export async function resolveThread(
  ctx: WriteContext,
  threadId: string,
  fallbackReply?: { readonly commentId: number; readonly body: string }
): Promise<ResolveResult> {
  try {
    // Resolving twice is harmless, so plugin-retry may re-send this one.
    parseResponse(
      ResolveResponse,
      await ctx.client.graphql(RESOLVE_THREAD_MUTATION, { threadId }),
      `GraphQL ResolveThread(${threadId})`
    )
    return { kind: 'resolved' }
  } catch (error) {
    if (!isPermissionDenied(error)) throw error
    const reply =
      fallbackReply === undefined
        ? undefined
        : await replyToComment(ctx, fallbackReply.commentId, fallbackReply.body)
    const warning =
      `Could not resolve review thread ${threadId} (${describeApiError(error)}): ` +
      `the workflow token needs ${RESOLVE_PERMISSIONS}` +
      (reply === undefined ? '.' : '; a resolution reply was posted instead.')
    ctx.log(warning)
    return { kind: 'forbidden', reply, warning }
  }
}
