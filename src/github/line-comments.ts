/**
 * A finding on a line, degrading instead of failing: a line outside the diff
 * (422) becomes a file-level comment, and a file GitHub will not comment on
 * either becomes "put it in the summary" for the caller.
 */
import type { CommentPlacement, LineComment } from '../ports/review-gateway.js'
import { describeApiError, isUnprocessable } from './api-errors.js'
import { createReviewComment } from './review-comments.js'
import type { WriteContext } from './write-context.js'

export async function postLineComment(
  ctx: WriteContext,
  commitId: string,
  comment: LineComment
): Promise<CommentPlacement> {
  const side = comment.side ?? 'RIGHT'
  const where = `${comment.path}:${comment.line} (${side})`
  let lineProblem: string
  try {
    const posted = await createReviewComment(ctx, commitId, {
      path: comment.path,
      body: comment.body,
      line: comment.line,
      side
    })
    return { placed: 'line', comment: posted }
  } catch (error) {
    if (!isUnprocessable(error)) throw error
    lineProblem = describeApiError(error)
  }
  try {
    const posted = await createReviewComment(ctx, commitId, {
      path: comment.path,
      body: comment.body,
      subjectType: 'file'
    })
    ctx.log(`Comment for ${where} posted on the file instead: ${lineProblem}`)
    return { placed: 'file', comment: posted, reason: `${where}: ${lineProblem}` }
  } catch (error) {
    if (!isUnprocessable(error)) throw error
    const reason = `${where}: ${lineProblem}; on the file: ${describeApiError(error)}`
    ctx.log(`Comment for ${where} must go into the summary: ${reason}`)
    return { placed: 'summary', reason }
  }
}

/**
 * A finding meant for a whole file (its line is not near the diff). A file
 * GitHub will not comment on becomes "put it in the summary".
 */
export async function postFileComment(
  ctx: WriteContext,
  commitId: string,
  path: string,
  body: string
): Promise<CommentPlacement> {
  try {
    const posted = await createReviewComment(ctx, commitId, { path, body, subjectType: 'file' })
    return { placed: 'file', comment: posted, reason: `${path}: file-level comment` }
  } catch (error) {
    if (!isUnprocessable(error)) throw error
    const reason = `${path}: on the file: ${describeApiError(error)}`
    ctx.log(`Comment for ${path} must go into the summary: ${reason}`)
    return { placed: 'summary', reason }
  }
}
