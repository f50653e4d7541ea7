/**
 * GraphQL objects over the fake's state, for graphql-js's default resolvers:
 * a field is a property or a function of its arguments. Connections enforce
 * GitHub's pagination rules (first or last required, at most 100).
 */
import { commitOnBranch, type CommitOnBranchInput } from './commit-on-branch.js'
import { githubError } from './graphql-errors.js'
import type { FakeActor, FakePullRequest, FakeReviewComment, FakeThread } from './pull-state.js'
import type { FakeGitHubState } from './state.js'

interface PageArgs {
  readonly first?: number | null
  readonly last?: number | null
  readonly after?: string | null
  readonly before?: string | null
}

const cursor = (index: number) => Buffer.from(`cursor:v2:${index}`).toString('base64')

function indexOf(value: string, name: string): number {
  const match = /^cursor:v2:(\d+)$/.exec(Buffer.from(value, 'base64').toString('utf8'))
  if (!match)
    throw githubError(
      'INVALID_CURSOR_ARGUMENTS',
      `\`${value}\` does not appear to be a valid cursor.`
    )
  return Number(match[1]) + (name === 'after' ? 1 : 0)
}

function connection<T>(items: readonly T[], args: PageArgs, name: string) {
  const { first, last } = args
  if (first == null && last == null)
    throw githubError(
      'MISSING_PAGINATION_BOUNDARIES',
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`
    )
  for (const [argument, value] of [
    ['first', first],
    ['last', last]
  ] as const)
    if (value != null && (value < 1 || value > 100))
      throw githubError(
        'EXCESSIVE_PAGINATION',
        `Requesting ${value} records on the \`${name}\` connection exceeds the \`${argument}\` limit of 100 records.`
      )
  let start = args.after == null ? 0 : indexOf(args.after, 'after')
  let end = args.before == null ? items.length : indexOf(args.before, 'before')
  if (first != null) end = Math.min(end, start + first)
  if (last != null) start = Math.max(start, end - last)
  const nodes = items.slice(start, end)
  return {
    totalCount: items.length,
    nodes,
    edges: nodes.map((node, offset) => ({ node, cursor: cursor(start + offset) })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: nodes.length > 0 ? cursor(start) : null,
      endCursor: nodes.length > 0 ? cursor(end - 1) : null
    }
  }
}

/** GraphQL shows an App as a Bot whose login has no "[bot]" suffix. */
function actorNode(actor: FakeActor) {
  return actor.type === 'Bot'
    ? { __typename: 'Bot', login: actor.login.replace(/\[bot\]$/, '') }
    : { __typename: 'User', login: actor.login }
}

function commentNode(comment: FakeReviewComment) {
  return {
    __typename: 'PullRequestReviewComment',
    id: comment.nodeId,
    fullDatabaseId: String(comment.id),
    databaseId: comment.id,
    author: actorNode(comment.author),
    body: comment.body,
    createdAt: comment.createdAt,
    path: comment.path,
    line: comment.line,
    originalLine: comment.originalLine,
    outdated: comment.line === null
  }
}

function threadNode(thread: FakeThread) {
  return {
    __typename: 'PullRequestReviewThread',
    id: thread.id,
    isResolved: thread.isResolved,
    resolvedBy:
      thread.isResolved && thread.resolvedBy !== undefined && thread.resolvedBy !== null
        ? { __typename: 'User', login: thread.resolvedBy }
        : null,
    isOutdated: thread.isOutdated,
    path: thread.path,
    line: thread.line,
    originalLine: thread.originalLine,
    subjectType: thread.subjectType === 'file' ? 'FILE' : 'LINE',
    comments: (args: PageArgs) => connection(thread.comments.map(commentNode), args, 'comments')
  }
}

function pullRequestNode(pr: FakePullRequest) {
  return {
    __typename: 'PullRequest',
    id: pr.nodeId,
    number: pr.number,
    title: pr.title,
    isDraft: pr.draft,
    headRefOid: pr.headSha,
    baseRefOid: pr.baseSha,
    reviewThreads: (args: PageArgs) => connection(pr.threads.map(threadNode), args, 'reviewThreads')
  }
}

function findThread(state: FakeGitHubState, id: string): FakeThread | undefined {
  for (const pr of state.pulls.values()) {
    const thread = pr.threads.find((candidate) => candidate.id === id)
    if (thread) return thread
  }
  return undefined
}

const notFound = (id: string) =>
  githubError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`)

/** (Un)resolving needs the same permissions, so one switch refuses both. */
function setResolved(state: FakeGitHubState, threadId: string, isResolved: boolean) {
  if (state.resolveForbidden)
    throw githubError('FORBIDDEN', 'Resource not accessible by integration')
  const thread = findThread(state, threadId)
  if (!thread) throw notFound(threadId)
  thread.isResolved = isResolved
  thread.resolvedBy = isResolved ? 'github-actions' : null
  return { thread: threadNode(thread) }
}

/** Root value for queries and mutations alike. */
export function rootValue(state: FakeGitHubState) {
  return {
    viewer: () => ({ login: state.viewer.login }),
    repository: ({ owner, name }: { owner: string; name: string }) => {
      if (!state.repos.has(`${owner}/${name}`.toLowerCase()))
        throw githubError(
          'NOT_FOUND',
          `Could not resolve to a Repository with the name '${owner}/${name}'.`
        )
      return {
        __typename: 'Repository',
        pullRequest: ({ number }: { number: number }) => {
          const pr = state.pull(owner, name, number)
          if (!pr)
            throw githubError(
              'NOT_FOUND',
              `Could not resolve to a PullRequest with the number of ${number}.`
            )
          return pullRequestNode(pr)
        }
      }
    },
    node: ({ id }: { id: string }) => {
      const thread = findThread(state, id)
      if (!thread) throw notFound(id)
      return threadNode(thread)
    },
    resolveReviewThread: ({ input }: { input: { threadId: string } }) =>
      setResolved(state, input.threadId, true),
    unresolveReviewThread: ({ input }: { input: { threadId: string } }) =>
      setResolved(state, input.threadId, false),
    createCommitOnBranch: ({ input }: { input: CommitOnBranchInput }) =>
      commitOnBranch(state, input)
  }
}
