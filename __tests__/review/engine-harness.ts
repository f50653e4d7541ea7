/**
 * The review engine without opencode: the real GitHub gateway and actor
 * directory against the fake GitHub server, and a scripted agent that calls
 * the tools directly. For the engine's own behaviour (failure paths, what
 * spans runs); the model's side is covered by the end-to-end tests.
 */
import { parseConfig, type Config } from '../../src/config/action-config.js'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import type { JobSummaryInput } from '../../src/core/reports/run-report.js'
import { GitHubActorDirectory } from '../../src/github/github-actor-directory.js'
import { createGitHubClient } from '../../src/github/octokit.js'
import { GitHubReviewGateway } from '../../src/github/github-review-gateway.js'
import type { ReviewLog } from '../../src/ports/agent-session.js'
import type { ReviewEngineDeps, ReviewOutcome } from '../../src/ports/review-engine.js'
import { ReviewRunner } from '../../src/review/run/review-runner.js'
import type { ReviewRequest } from '../../src/core/pull-request/review-request.js'
import type { FakePullRequest } from '../support/fake-github/pull-state.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import type { ReviewTools } from '../../src/ports/review-tools.js'
import { ScriptedAgent, submit, type ScriptedTurn } from '../support/scripted-session.js'

export const OWNER = 'octo-org'
export const REPO = 'widgets'
export const NUMBER = 9
export const TOKEN = 'ghs_engineTestToken000000001'

/** The one file most engine tests review: src/a.ts, added with three lines (a, b, c). */
export const ADDED_FILE = {
  filename: 'src/a.ts',
  status: 'added',
  additions: 3,
  deletions: 0,
  patch: ['@@ -0,0 +1,3 @@', '+const a = 1', '+const b = 2', '+const c = 3'].join('\n')
}

/** Posts a finding on `line` of src/a.ts. */
export const postOnA = (tools: ReviewTools, line: number, finding: string, score: number) =>
  tools.postReviewComment({
    file: 'src/a.ts',
    line,
    body: `${finding}.`,
    assessment: { finding, assessment: 'Why it matters.', score }
  })

/** Pass 1 stages these findings on src/a.ts ([line, finding, score]); passes 2-4 only submit. */
export const stagingPasses = (...findings: [number, string, number][]): ScriptedTurn[] => [
  submit(async (tools) => {
    for (const [line, finding, score] of findings) await postOnA(tools, line, finding, score)
  }),
  submit(),
  submit(),
  submit()
]

export interface EngineRun {
  readonly outcome?: ReviewOutcome
  readonly error?: Error
  readonly agent: ScriptedAgent
  readonly reports: JobSummaryInput[]
  readonly warnings: string[]
}

export interface EngineFixture {
  readonly github: FakeGitHub
  readonly pr: FakePullRequest
  /** Runs the engine once with these agent turns (and deps overrides). */
  run(
    turns: ScriptedTurn[],
    options?: {
      request?: Partial<ReviewRequest>
      inputs?: Record<string, string>
      deps?: Partial<ReviewEngineDeps>
    }
  ): Promise<EngineRun>
  stop(): Promise<void>
}

export function configOf(inputs: Record<string, string> = {}): Config {
  const all: Record<string, string> = {
    github_token: TOKEN,
    model: 'fake/model',
    opencode_api_key: 'sk-fake-key-0000000001',
    ...inputs
  }
  return parseConfig((name) => all[name] ?? '')
}

export async function startEngineFixture(
  init: Parameters<FakeGitHub['state']['addPullRequest']>[3] = {}
): Promise<EngineFixture> {
  const github = await new FakeGitHub().start()
  github.state.addUser('octocat')
  const pr = github.state.addPullRequest(OWNER, REPO, NUMBER, init)
  const client = createGitHubClient({
    token: TOKEN,
    baseUrl: github.url,
    msPerSecond: 1,
    log: () => undefined
  })
  return {
    github,
    pr,
    async run(turns, options = {}) {
      const agent = new ScriptedAgent(turns)
      const reports: JobSummaryInput[] = []
      const warnings: string[] = []
      const log: ReviewLog = {
        debug: () => undefined,
        info: () => undefined,
        warning: (message) => warnings.push(message),
        group: (_title, body) => body()
      }
      const deps: ReviewEngineDeps = {
        gatewayFor: (request) =>
          new GitHubReviewGateway({
            client,
            pullRequest: { owner: request.owner, repo: request.repo, number: request.prNumber },
            msPerSecond: 1
          }),
        directoryFor: (request) => new GitHubActorDirectory(client, request.owner, request.repo),
        // The workspace is the PR head unless a test says otherwise.
        checkoutHead: async () => ({ kind: 'commit', sha: pr.headSha }),
        startAgent: agent.start,
        log,
        secrets: [TOKEN],
        runUrl: 'https://github.com/octo-org/widgets/actions/runs/1',
        report: async (report) => {
          reports.push(report)
        },
        now: () => new Date('2026-11-23T06:00:00.000Z'),
        passDeadlineMs: 60_000,
        ...options.deps
      }
      const request: ReviewRequest = {
        owner: OWNER,
        repo: REPO,
        prNumber: NUMBER,
        trigger: 'pull_request',
        actor: 'octocat',
        ...options.request
      }
      try {
        const outcome = await new ReviewRunner(deps).review(request, configOf(options.inputs))
        return { outcome, agent, reports, warnings }
      } catch (error) {
        return { error: error as Error, agent, reports, warnings }
      }
    },
    stop: () => github.stop()
  }
}

/**
 * Records a review of the fixture's head (or of `headSha`) in a summary
 * comment with one pending finding, `reviewed_at` when given: replies on
 * that head then get threads-only runs.
 */
export function markHeadReviewed(
  fixture: EngineFixture,
  at: { headSha?: string; reviewedAt?: string } = {}
): void {
  fixture.github.state.addIssueComment(fixture.pr, {
    author: 'github-actions[bot]',
    body: formatBotComment('## OpenCode review', {
      kind: 'summary',
      head_sha: at.headSha ?? fixture.pr.headSha,
      pr: fixture.pr.number,
      ...(at.reviewedAt === undefined ? {} : { reviewed_at: at.reviewedAt }),
      counts: { posted: 1, suppressed: 0, resolved: 0, pending: 1, disputed: 0, escalated: 0 }
    })
  })
}
