/**
 * Everything a run reads from GitHub before the agent starts: the PR, its
 * files, every thread and conversation comment, and the base branch's
 * AGENTS.md, package.json, README and review config file (never the head's:
 * the PR must not write its own rules).
 */
import { REPO_CONFIG_PATH } from '../../config/repo-config.js'
import type {
  ChangedFile,
  IssueCommentData,
  PullRequestData,
  ReviewThreadData
} from '../../core/pull-request/pr-data.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'

export interface ReviewContext {
  readonly pr: PullRequestData
  readonly files: readonly ChangedFile[]
  readonly threads: readonly ReviewThreadData[]
  readonly issueComments: readonly IssueCommentData[]
  readonly agentsMd: string | undefined
  readonly packageJson: string | undefined
  readonly readme: string | undefined
  /** The base branch's .github/review-my-code-bot.yml, unparsed; undefined when there is none. */
  readonly repoConfigText: string | undefined
}

export async function loadReviewContext(gateway: ReviewGateway): Promise<ReviewContext> {
  const pr = await gateway.getPullRequest()
  const base = (path: string) => gateway.readFile(path, pr.baseSha)
  const [files, threads, issueComments, agentsMd, packageJson, readme, repoConfigText] =
    await Promise.all([
      gateway.listChangedFiles(),
      gateway.listReviewThreads(),
      gateway.listIssueComments(),
      base('AGENTS.md'),
      base('package.json'),
      base('README.md'),
      base(REPO_CONFIG_PATH)
    ])
  return { pr, files, threads, issueComments, agentsMd, packageJson, readme, repoConfigText }
}
