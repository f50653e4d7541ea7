/**
 * The one Octokit the action uses: @actions/github's client (REST + GraphQL +
 * pagination, the token as Actions sends it, the runner's user agent) with
 * the request log, the retry plugin (transient 5xx) and the throttling plugin
 * (primary and secondary rate limits, honouring retry-after), sending through
 * the runner's proxy when one is set. No hand-written retry loops elsewhere.
 */
import { getOctokit } from '@actions/github'
import { requestLog } from '@octokit/plugin-request-log'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import Bottleneck from 'bottleneck'
import { proxyAwareFetch } from './proxy-fetch.js'

export type GitHubClient = ReturnType<typeof getOctokit>

export interface GitHubClientOptions {
  readonly token: string
  /** GITHUB_API_URL; GitHub Enterprise and local fakes included. */
  readonly baseUrl: string
  /**
   * Milliseconds per "second" of retry-after, of retry back-off and of the
   * spacing between writes. 1000 on a runner; tests shrink it so a 60 s
   * secondary-limit wait is still a real wait, only a short one.
   */
  readonly msPerSecond?: number
  /** How many times a rate-limited request is tried again. */
  readonly rateLimitRetries?: number
  /** Rate-limit waits and Octokit's warnings. */
  readonly log?: (message: string) => void
  /** Failed requests as Octokit logs them (handled or thrown by the adapters). */
  readonly debug?: (message: string) => void
}

/**
 * plugin-throttling serializes writes (and every GraphQL call) one second
 * apart and notification-triggering writes three seconds apart, as GitHub
 * asks. Its default groups are process-wide with fixed spacing; these are the
 * same groups, per client, with the spacing in msPerSecond units.
 */
function writeGroups(msPerSecond: number): {
  write: Bottleneck.Group
  notifications: Bottleneck.Group
} {
  return {
    write: new Bottleneck.Group({ maxConcurrent: 1, minTime: 1 * msPerSecond }),
    notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: 3 * msPerSecond })
  }
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const msPerSecond = options.msPerSecond ?? 1000
  const retries = options.rateLimitRetries ?? 3
  const log = options.log ?? (() => undefined)
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  return getOctokit(
    options.token,
    {
      baseUrl,
      // getOctokit adds the runner's orchestration id, Octokit its own name.
      userAgent: 'opencode-pr-reviewer',
      request: { fetch: proxyAwareFetch(baseUrl) },
      // Octokit logs every failed request as an error, the 404s and 403s the
      // adapters expect and handle included (no AGENTS.md, no checks: write):
      // those are debug output; errors that matter are thrown to the caller.
      log: {
        debug: () => undefined,
        info: () => undefined,
        warn: log,
        error: options.debug ?? (() => undefined)
      },
      retry: { retryAfterBaseValue: msPerSecond },
      throttle: {
        ...writeGroups(msPerSecond),
        retryAfterBaseValue: msPerSecond,
        onRateLimit: (retryAfter, request, _octokit, retryCount) => {
          log(`GitHub rate limit on ${request.method} ${request.url}; waiting ${retryAfter}s`)
          return retryCount < retries
        },
        onSecondaryRateLimit: (retryAfter, request, _octokit, retryCount) => {
          log(
            `GitHub secondary rate limit on ${request.method} ${request.url}; waiting ${retryAfter}s`
          )
          return retryCount < retries
        }
      }
    },
    requestLog,
    retry,
    throttling
  )
}
