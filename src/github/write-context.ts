/** What every write helper needs: the client, the PR, and the re-send policy. */
import type { PullRequestRef } from '../ports/review-gateway.js'
import type { GitHubClient } from './octokit.js'

export interface WriteContext {
  readonly client: GitHubClient
  readonly pr: PullRequestRef
  /** Total attempts for a create whose outcome was unknown (5xx), the first included. */
  readonly attempts: number
  /** Back-off before attempt n (2, 3, ...). */
  readonly pause: (attempt: number) => Promise<void>
  readonly log: (message: string) => void
}

/** GitHub stores bodies as sent, but line endings and outer whitespace may differ. */
export function sameBody(a: string | undefined, b: string): boolean {
  const normal = (text: string) => text.replace(/\r\n/g, '\n').trim()
  return a !== undefined && normal(a) === normal(b)
}
