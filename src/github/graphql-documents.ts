/**
 * Every GraphQL document the gateway sends. Tests validate each against
 * GitHub's published schema (@octokit/graphql-schema), and the fake GitHub
 * server rejects any document that does not validate.
 */

/** GitHub's cap on `first` for any connection. */
export const PAGE_SIZE = 100

const COMMENT_FIELDS = `
fragment ReviewCommentFields on PullRequestReviewComment {
  id
  fullDatabaseId
  author {
    __typename
    login
  }
  body
  createdAt
  path
  line
  originalLine
}`

/**
 * One page of threads, each with its first page of comments: a PR whose
 * threads hold at most 100 comments each needs ceil(threads / 100) requests.
 */
export const REVIEW_THREADS_QUERY = `
query ReviewThreads($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: ${PAGE_SIZE}, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          isResolved
          resolvedBy {
            login
          }
          isOutdated
          path
          line
          originalLine
          comments(first: ${PAGE_SIZE}) {
            pageInfo {
              hasNextPage
              endCursor
            }
            nodes {
              ...ReviewCommentFields
            }
          }
        }
      }
    }
  }
}
${COMMENT_FIELDS}`

/** The next page of one long thread's comments (nested connections paginate on their own). */
export const THREAD_COMMENTS_QUERY = `
query ThreadComments($id: ID!, $after: String) {
  node(id: $id) {
    __typename
    ... on PullRequestReviewThread {
      comments(first: ${PAGE_SIZE}, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          ...ReviewCommentFields
        }
      }
    }
  }
}
${COMMENT_FIELDS}`

export const RESOLVE_THREAD_MUTATION = `
mutation ResolveThread($threadId: ID!) {
  resolveReviewThread(input: { threadId: $threadId }) {
    thread {
      id
      isResolved
    }
  }
}`

/** Reopens a thread whose finding came back (a regression). */
export const UNRESOLVE_THREAD_MUTATION = `
mutation UnresolveThread($threadId: ID!) {
  unresolveReviewThread(input: { threadId: $threadId }) {
    thread {
      id
      isResolved
    }
  }
}`

/**
 * Appends one commit to a branch, only if the branch still points at
 * `input.expectedHeadOid`. The whole CreateCommitOnBranchInput is one
 * variable: branch, expectedHeadOid, message and fileChanges.
 */
export const CREATE_COMMIT_ON_BRANCH_MUTATION = `
mutation CreateCommitOnBranch($input: CreateCommitOnBranchInput!) {
  createCommitOnBranch(input: $input) {
    commit {
      oid
      url
    }
  }
}`

export const ALL_DOCUMENTS: Readonly<Record<string, string>> = {
  REVIEW_THREADS_QUERY,
  THREAD_COMMENTS_QUERY,
  RESOLVE_THREAD_MUTATION,
  UNRESOLVE_THREAD_MUTATION,
  CREATE_COMMIT_ON_BRANCH_MUTATION
}
