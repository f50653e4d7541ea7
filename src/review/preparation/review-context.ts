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
  /**
   * The base commit's rule files for the changed files (rules by path), read
   * on first call: a run that reviews (pass 3 shows them) reads them from
   * the start, a reply's threads-only run never pays for them.
   */
  readonly ruleFiles: () => Promise<RuleFileReads>
}

export interface ContextReads {
  /** Start the rule files' reads with the others (a run that will review). */
  readonly eagerRules: boolean
}

export async function loadReviewContext(
  gateway: ReviewGateway,
  reads: ContextReads
): Promise<ReviewContext> {
  const pr = await gateway.getPullRequest()
  const base = (path: string) => gateway.readFile(path, pr.baseSha)
  const changedFiles = gateway.listChangedFiles()
  const rootAgentsMd = base('AGENTS.md')
  // The rule files follow the changed files and the instructions listing
  // while the other reads are still under way.
  let ruleFilesRead: Promise<RuleFileReads> | undefined
  const ruleFiles = () => {
    ruleFilesRead ??= readRuleFiles({
      gateway,
      baseSha: pr.baseSha,
      files: changedFiles,
      known: new Map([['AGENTS.md', rootAgentsMd]])
    })
    return ruleFilesRead
  }
  // A failed read surfaces where the rules are used, not as an unhandled rejection.
  if (reads.eagerRules) ruleFiles().catch(() => undefined)
  const [files, threads, issueComments, agentsMd, packageJson, readme, repoConfigText] =
    await Promise.all([
      changedFiles,
      gateway.listReviewThreads(),
      gateway.listIssueComments(),
      rootAgentsMd,
      base('package.json'),
      base('README.md'),
      base(REPO_CONFIG_PATH)
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
