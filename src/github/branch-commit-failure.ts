/**
 * What a refused createCommitOnBranch means for the fix loop. GitHub answers
 * the mutation's own refusals with HTTP 200 and an `errors` array (Octokit
 * throws them as a GraphqlResponseError carrying that array); a missing
 * permission can also come back as an HTTP 403.
 *
 * A branch that moved comes back typed STALE_DATA with the message
 * `Expected branch to point to "<oid>" but it did not.  Pull and try again.`;
 * either the type or the start of that message counts, so a reworded message
 * or a dropped type still reads as a moved branch.
 */
import { z } from 'zod'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { BranchCommitRequest, BranchCommitResult } from '../ports/branch-committer.js'
import { describeApiError, httpStatus, isOutcomeUnknown, isPermissionDenied } from './api-errors.js'

const BRANCH_MOVED_TYPE = 'STALE_DATA'
const BRANCH_MOVED_MESSAGE = /expected branch to point to/i
const NOT_ACCESSIBLE = /resource not accessible by integration/i

/** The permission a job needs to commit to its own repository's branches. */
export const COMMIT_PERMISSION = 'contents: write'

interface GraphqlErrorItem {
  readonly type: string | undefined
  readonly message: string
}

// Lenient, like api-errors.ts: this runs while handling a failure, so an
// item of an unexpected shape is dropped rather than thrown.
const GraphqlErrorItems = z.object({
  errors: z.array(
    z.union([
      z.object({
        type: z.string().optional().catch(undefined),
        message: z.string()
      }),
      z.unknown().transform(() => undefined)
    ])
  )
})

function graphqlErrors(error: unknown): GraphqlErrorItem[] {
  const parsed = GraphqlErrorItems.safeParse(error)
  if (!parsed.success) return []
  return parsed.data.errors.flatMap((item) =>
    item === undefined ? [] : [{ type: item.type, message: item.message }]
  )
}

/** GitHub's own words for the failure: the GraphQL messages, the HTTP answer, or the error's text. */
function failureText(error: unknown, errors: readonly GraphqlErrorItem[]): string {
  if (errors.length > 0) return errors.map((item) => item.message).join('; ')
  if (httpStatus(error) !== undefined) return describeApiError(error)
  return getErrorMessage(error)
}

export function commitFailure(error: unknown, request: BranchCommitRequest): BranchCommitResult {
  const errors = graphqlErrors(error)
  const text = failureText(error, errors)
  const branch = `${request.owner}/${request.repo}:${request.branch}`
  const moved = errors.some(
    (item) => item.type === BRANCH_MOVED_TYPE || BRANCH_MOVED_MESSAGE.test(item.message)
  )
  if (moved)
    return {
      ok: false,
      reason: 'branch-moved',
      detail: `${branch} no longer points at ${request.expectedHeadOid}; nothing was committed (GitHub: ${text})`
    }
  if (isPermissionDenied(error) || errors.some((item) => NOT_ACCESSIBLE.test(item.message)))
    return {
      ok: false,
      reason: 'forbidden',
      detail: `GitHub refused the commit on ${branch} (${text}): the job needs \`${COMMIT_PERMISSION}\` in its permissions to commit fixes`
    }
  if (isOutcomeUnknown(error))
    return {
      ok: false,
      reason: 'refused',
      detail: `GitHub failed while committing on ${branch} (${text}); the commit may have landed anyway, so read the branch head before trying again`
    }
  return { ok: false, reason: 'refused', detail: `GitHub refused the commit on ${branch}: ${text}` }
}
