/**
 * Everything a run reads from GitHub before the agent starts: the PR, its
 * files, every thread and conversation comment, and the base branch's
 * AGENTS.md, package.json, README, review config file and the rule files
 * of rules by path (never the head's: the PR must not write its own rules).
 */
import { REPO_CONFIG_PATH } from '../../config/repo-config.js'
import type {
  ChangedFile,
  IssueCommentData,
  PullRequestData,
  ReviewThreadData
} from '../../core/pull-request/pr-data.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'
import { readRuleFiles, type RuleFileReads } from './rule-file-reads.js'

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
  /** The base commit's rule files for the changed files (rules by path). */
  readonly ruleFiles: RuleFileReads
}

export async function loadReviewContext(gateway: ReviewGateway): Promise<ReviewContext> {
  const pr = await gateway.getPullRequest()
  const base = (path: string) => gateway.readFile(path, pr.baseSha)
  const changedFiles = gateway.listChangedFiles()
  const rootAgentsMd = base('AGENTS.md')
  // The rule files follow the changed files and the instructions listing
  // while the other reads are still under way.
  const ruleFilesRead = readRuleFiles({
    gateway,
    baseSha: pr.baseSha,
    files: changedFiles,
    known: new Map([['AGENTS.md', rootAgentsMd]])
  })
  const [files, threads, issueComments, agentsMd, packageJson, readme, repoConfigText, ruleFiles] =
    await Promise.all([
      changedFiles,
      gateway.listReviewThreads(),
      gateway.listIssueComments(),
      rootAgentsMd,
      base('package.json'),
      base('README.md'),
      base(REPO_CONFIG_PATH),
      ruleFilesRead
    ])
  return {
    pr,
    files,
    threads,
    issueComments,
    agentsMd,
    packageJson,
    readme,
    repoConfigText,
    ruleFiles
  }
}
