/**
 * Who reacted 👎 to a pull-request review comment (a bot finding). Deciding
 * whether those people may teach the bot is the caller's business.
 */
import { z } from 'zod'
import {
  REACTION_READ_PERMISSION,
  type ThumbsDownReaction,
  type ThumbsDownResult
} from '../ports/team-memory-store.js'
import { httpStatus } from './api-errors.js'
import { memoryForbidden, type MemoryContext } from './memory-access.js'
import { parseResponse } from './parse-response.js'
import { RestUserReaction } from './rest-schemas.js'

async function fetchThumbsDown(
  ctx: MemoryContext,
  commentId: number
): Promise<ThumbsDownReaction[]> {
  const { owner, repo } = ctx
  const reactions = parseResponse(
    z.array(RestUserReaction),
    await ctx.client.paginate(ctx.client.rest.reactions.listForPullRequestReviewComment, {
      owner,
      repo,
      comment_id: commentId,
      content: '-1',
      per_page: 100
    }),
    `GET /repos/${owner}/${repo}/pulls/comments/${commentId}/reactions`
  )
  // The filter is GitHub's; checking it again costs nothing and a wrong answer teaches nothing.
  return reactions.flatMap((reaction) =>
    reaction.content === '-1' && reaction.user !== null
      ? [{ login: reaction.user.login, createdAt: reaction.created_at }]
      : []
  )
}

/** A comment that is gone (404) has no reactions; 403 is `forbidden`. */
export async function listThumbsDown(
  ctx: MemoryContext,
  commentId: number
): Promise<ThumbsDownResult> {
  try {
    return { kind: 'listed', reactions: await fetchThumbsDown(ctx, commentId) }
  } catch (error) {
    if (httpStatus(error) === 404) return { kind: 'listed', reactions: [] }
    const forbidden = memoryForbidden(
      error,
      `read the reactions on review comment ${commentId}`,
      REACTION_READ_PERMISSION
    )
    if (forbidden === undefined) throw error
    return forbidden
  }
}
