/**
 * Review threads through GraphQL: threads paginated 100 at a time, and each
 * thread whose comments overflow the first page continued through
 * `node(id:)`, so a thread with 150 comments comes back whole.
 */
import { z } from 'zod'
import type { Author, ReviewCommentData, ReviewThreadData } from '../core/pull-request/pr-data.js'
import type { PullRequestRef } from '../ports/review-gateway.js'
import { REVIEW_THREADS_QUERY, THREAD_COMMENTS_QUERY } from './graphql-documents.js'
import type { GitHubClient } from './octokit.js'
import { parseResponse } from './parse-response.js'

const PageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() })

/** GraphQL drops an App's "[bot]" suffix and says Bot only through __typename. */
const GraphqlAuthor = z.object({ __typename: z.string(), login: z.string() }).nullable()

/** BigInt arrives as a string; REST ids still fit a JS number. */
const DatabaseId = z
  .union([z.string().regex(/^\d+$/, 'expected a decimal id'), z.number().int()])
  .transform(Number)
  .refine(Number.isSafeInteger, 'expected an id below 2^53')

const Comment = z.object({
  id: z.string(),
  fullDatabaseId: DatabaseId,
  author: GraphqlAuthor,
  body: z.string(),
  createdAt: z.string(),
  path: z.string(),
  line: z.number().int().nullable(),
  originalLine: z.number().int().nullable()
})

const CommentPage = z.object({ pageInfo: PageInfo, nodes: z.array(Comment) })

const Thread = z.object({
  id: z.string(),
  isResolved: z.boolean(),
  resolvedBy: z.object({ login: z.string() }).nullable().optional(),
  isOutdated: z.boolean(),
  path: z.string(),
  line: z.number().int().nullable(),
  originalLine: z.number().int().nullable(),
  comments: CommentPage
})

const ThreadsResponse = z.object({
  repository: z.object({
    pullRequest: z.object({
      reviewThreads: z.object({ pageInfo: PageInfo, nodes: z.array(Thread) })
    })
  })
})

const ThreadCommentsResponse = z.object({
  node: z.object({ __typename: z.literal('PullRequestReviewThread'), comments: CommentPage })
})

function author(value: z.output<typeof GraphqlAuthor>): Author | null {
  return value ? { login: value.login, isBot: value.__typename === 'Bot' } : null
}

function toComment(value: z.output<typeof Comment>): ReviewCommentData {
  return {
    id: value.fullDatabaseId,
    nodeId: value.id,
    author: author(value.author),
    body: value.body,
    createdAt: value.createdAt,
    path: value.path,
    line: value.line,
    originalLine: value.originalLine
  }
}

/** Follows one thread's comment cursor to the end. */
async function remainingComments(
  client: GitHubClient,
  threadId: string,
  after: string | null
): Promise<ReviewCommentData[]> {
  const comments: ReviewCommentData[] = []
  let cursor = after
  for (;;) {
    const data = parseResponse(
      ThreadCommentsResponse,
      await client.graphql(THREAD_COMMENTS_QUERY, { id: threadId, after: cursor }),
      `GraphQL ThreadComments(${threadId})`
    )
    comments.push(...data.node.comments.nodes.map(toComment))
    if (!data.node.comments.pageInfo.hasNextPage) return comments
    cursor = data.node.comments.pageInfo.endCursor
  }
}

export async function listReviewThreads(
  client: GitHubClient,
  pr: PullRequestRef
): Promise<ReviewThreadData[]> {
  const threads: ReviewThreadData[] = []
  let after: string | null = null
  for (;;) {
    const data: z.output<typeof ThreadsResponse> = parseResponse(
      ThreadsResponse,
      await client.graphql(REVIEW_THREADS_QUERY, {
        owner: pr.owner,
        name: pr.repo,
        number: pr.number,
        after
      }),
      `GraphQL ReviewThreads(${pr.owner}/${pr.repo}#${pr.number})`
    )
    const page = data.repository.pullRequest.reviewThreads
    for (const thread of page.nodes) {
      const comments = thread.comments.nodes.map(toComment)
      if (thread.comments.pageInfo.hasNextPage)
        comments.push(
          ...(await remainingComments(client, thread.id, thread.comments.pageInfo.endCursor))
        )
      threads.push({
        id: thread.id,
        isResolved: thread.isResolved,
        resolvedBy: thread.resolvedBy?.login ?? null,
        isOutdated: thread.isOutdated,
        path: thread.path,
        line: thread.line,
        originalLine: thread.originalLine,
        comments
      })
    }
    if (!page.pageInfo.hasNextPage) return threads
    after = page.pageInfo.endCursor
  }
}
