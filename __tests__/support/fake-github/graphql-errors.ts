/** GraphQL errors as GitHub shapes them. */
import { GraphQLError } from 'graphql'

/** A GraphQL error GitHub-style: `type` is lifted to the top level of the error. */
export function githubError(type: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { type } })
}
