/**
 * Fix mode's one write to the code: a commit appended to the PR's head branch
 * through GraphQL createCommitOnBranch, guarded by expectedHeadOid so a
 * branch that moved since the review is never overwritten. GitHub signs the
 * commit and authors it as the token's account.
 *
 * Every failure comes back as a result, never thrown: the fix loop reports
 * it and stops. The mutation is sent once (plugin-retry off): after a 5xx the
 * commit may have landed, and a re-send would then be refused as a moved
 * branch, hiding what happened.
 */
import { z } from 'zod'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import type { FileChange } from '../core/fixing/fix-types.js'
import type {
  BranchCommitRequest,
  BranchCommitResult,
  BranchCommitter
} from '../ports/branch-committer.js'
import { commitFailure } from './branch-commit-failure.js'
import { CREATE_COMMIT_ON_BRANCH_MUTATION } from './graphql-documents.js'
import type { GitHubClient } from './octokit.js'
import { NO_AUTOMATIC_RETRY } from './write-once.js'

const CommitResponse = z.object({
  createCommitOnBranch: z.object({
    commit: z.object({
      oid: z.string().regex(/^[0-9a-f]{40}$/, 'a 40-character hex commit id'),
      url: z.string().url()
    })
  })
})

/** Why the request cannot be sent as it is; undefined when it can. */
export function commitRequestProblem(request: BranchCommitRequest): string | undefined {
  if (request.changes.length === 0)
    return 'changes is empty: a fix commit needs at least one file added, changed or deleted'
  if (request.headline.trim() === '')
    return `headline is ${JSON.stringify(request.headline)}: a commit needs a non-empty headline`
  const seen = new Set<string>()
  for (const change of request.changes) {
    // GitHub refuses a path named twice across additions and deletions.
    if (seen.has(change.path))
      return `changes names path ${JSON.stringify(change.path)} twice: each path may appear once`
    seen.add(change.path)
  }
  return undefined
}

/** FileChanges as GitHub takes them: full contents in RFC 4648 base64, deletions by path. */
export function fileChangesInput(changes: readonly FileChange[]) {
  const additions: { path: string; contents: string }[] = []
  const deletions: { path: string }[] = []
  for (const change of changes) {
    if ('deleted' in change) deletions.push({ path: change.path })
    else
      additions.push({
        path: change.path,
        contents: Buffer.from(change.contents).toString('base64')
      })
  }
  return { additions, deletions }
}

function commitInput(request: BranchCommitRequest) {
  return {
    branch: {
      repositoryNameWithOwner: `${request.owner}/${request.repo}`,
      branchName: request.branch
    },
    expectedHeadOid: request.expectedHeadOid,
    message: { headline: request.headline, body: request.body },
    fileChanges: fileChangesInput(request.changes)
  }
}

/** GitHub accepted the mutation but its answer does not say which commit: it has probably landed. */
function unreadableAnswer(
  request: BranchCommitRequest,
  issues: z.core.$ZodIssue[],
  response: unknown
): BranchCommitResult {
  const problems = formatZodIssues(issues, response, { root: '(response)' }).slice(0, 3)
  return {
    ok: false,
    reason: 'refused',
    detail:
      `Unexpected GitHub response to CreateCommitOnBranch on ${request.owner}/${request.repo}:${request.branch} ` +
      `(${problems.join('; ')}); the commit may have landed, so read the branch head before trying again`
  }
}

export class GitHubBranchCommitter implements BranchCommitter {
  constructor(private readonly client: GitHubClient) {}

  async commit(request: BranchCommitRequest): Promise<BranchCommitResult> {
    const problem = commitRequestProblem(request)
    if (problem !== undefined) return { ok: false, reason: 'refused', detail: problem }
    let response: unknown
    try {
      response = await this.client.graphql(CREATE_COMMIT_ON_BRANCH_MUTATION, {
        input: commitInput(request),
        request: NO_AUTOMATIC_RETRY
      })
    } catch (error) {
      return commitFailure(error, request)
    }
    const parsed = CommitResponse.safeParse(response)
    if (!parsed.success) return unreadableAnswer(request, parsed.error.issues, response)
    const { commit } = parsed.data.createCommitOnBranch
    return { ok: true, oid: commit.oid, url: commit.url }
  }
}
