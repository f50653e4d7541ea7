/**
 * The fetch the GitHub client sends its requests with: through the runner's
 * proxy when HTTPS_PROXY / HTTP_PROXY applies to the API host and NO_PROXY
 * does not exclude it, directly otherwise. The proxy decision is
 * @actions/http-client's (the one @actions/github uses), so the action
 * follows the same rules as every other action on the runner, loopback
 * hosts never proxied included.
 *
 * @actions/github decides once, when it is first imported, for the
 * GITHUB_API_URL of that moment; the client is made later for an explicit
 * base URL, so the decision is taken here, per client, for that URL.
 */
import { HttpClient } from '@actions/http-client'
import { fetch as undiciFetch } from 'undici'

export type GitHubFetch = typeof globalThis.fetch

export function proxyAwareFetch(baseUrl: string): GitHubFetch {
  // undefined when no proxy applies: undici's global dispatcher (a direct connection).
  const dispatcher = new HttpClient().getAgentDispatcher(baseUrl)
  const proxied = (
    input: Parameters<typeof undiciFetch>[0],
    init?: Parameters<typeof undiciFetch>[1]
  ) => undiciFetch(input, dispatcher === undefined ? init : { ...init, dispatcher })
  // undici's own Request/Response types, the same objects Octokit reads from the global fetch.
  return proxied as unknown as GitHubFetch
}
