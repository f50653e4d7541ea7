/**
 * POST /graphql: every document is parsed and validated against GitHub's
 * published schema (@octokit/graphql-schema) and refused the way GitHub
 * refuses it (HTTP 200, an `errors` array, no data); valid documents are
 * executed with graphql-js over the fake's state.
 */
import { schema as githubSchema } from '@octokit/graphql-schema'
import {
  buildClientSchema,
  execute,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery
} from 'graphql'
import { rootValue } from './graphql-resolvers.js'
import { json, type FakeResponse, type Router } from './router.js'
import type { FakeGitHubState } from './state.js'

let cached: GraphQLSchema | undefined

/** GitHub's schema; its SDL repeats some fields, so it is built from the introspection JSON. */
export function githubGraphQLSchema(): GraphQLSchema {
  cached ??= buildClientSchema(githubSchema.json as unknown as IntrospectionQuery)
  return cached
}

/** Validation errors of a document against GitHub's schema; [] when valid. */
export function validateDocument(query: string): readonly GraphQLError[] {
  let document: DocumentNode
  try {
    document = parse(query)
  } catch (error) {
    return [error as GraphQLError]
  }
  return validate(githubGraphQLSchema(), document)
}

function errorJson(error: GraphQLError) {
  const type = error.extensions['type']
  return {
    ...(typeof type === 'string' ? { type } : {}),
    ...(error.path === undefined ? {} : { path: error.path }),
    ...(error.locations === undefined ? {} : { locations: error.locations }),
    message: error.message
  }
}

export async function answerGraphQL(state: FakeGitHubState, body: unknown): Promise<FakeResponse> {
  const request = (body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown }
  if (typeof request.query !== 'string')
    return json(200, {
      errors: [{ message: 'A query attribute must be specified and must be a string.' }]
    })
  const problems = validateDocument(request.query)
  if (problems.length > 0) return json(200, { errors: problems.map(errorJson) })
  const result = await execute({
    schema: githubGraphQLSchema(),
    document: parse(request.query),
    rootValue: rootValue(state),
    variableValues: (request.variables ?? {}) as Record<string, unknown>,
    operationName: typeof request.operationName === 'string' ? request.operationName : null
  })
  return json(200, {
    ...(result.data === undefined ? {} : { data: result.data }),
    ...(result.errors === undefined ? {} : { errors: result.errors.map(errorJson) })
  })
}

export function registerGraphQLRoute(router: Router, state: FakeGitHubState): void {
  router.route('POST', '/graphql', (request) => answerGraphQL(state, request.body))
}
