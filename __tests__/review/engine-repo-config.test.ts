/**
 * The repository config file through the engine, against the fake GitHub
 * server: read from the base branch only, its threshold and ignore globs
 * enforced by the tools, its instructions in pass 3, an explicit input
 * winning over it, and a bad file failing the run with the key named.
 */
import type { PostReviewCommentArgs, ReviewTools } from '../../src/ports/review-tools.js'
import { ReviewFailedError } from '../../src/review/preparation/review-failure.js'
import { submit } from '../support/scripted-session.js'
import { OWNER, REPO, startEngineFixture, type EngineFixture } from './engine-harness.js'

const CONFIG_PATH = '.github/review-my-code-bot.yml'
const CODE_PATCH = ['@@ -0,0 +1,3 @@', '+const a = 1', '+const b = 2', '+const c = 3'].join('\n')
const DOCS_PATCH = ['@@ -0,0 +1,2 @@', '+# Guide', '+Run SECRET_DOCS_LINE first.'].join('\n')

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    files: [
      { filename: 'src/a.ts', status: 'added', additions: 3, deletions: 0, patch: CODE_PATCH },
      { filename: 'docs/guide.md', status: 'added', additions: 2, deletions: 0, patch: DOCS_PATCH }
    ]
  })
})
afterEach(async () => {
  await fixture.stop()
})

const configAt = (ref: string, text: string) =>
  fixture.github.state.setFileContent(OWNER, REPO, ref, CONFIG_PATH, text)

const finding = (file: string, line: number, score: number): PostReviewCommentArgs => ({
  file,
  line,
  body: `Finding on ${file}.`,
  assessment: { finding: `Problem in ${file} line ${line}`, assessment: 'Why.', score }
})

/** Pass 1 stages these findings; the other passes only submit. */
const stagingPass1 = (...findings: PostReviewCommentArgs[]) =>
  submit(async (tools: ReviewTools) => {
    for (const args of findings) await tools.postReviewComment(args)
  })

it('the base branch config raises the threshold, ignores a path and adds instructions', async () => {
  configAt(
    fixture.pr.baseSha,
    [
      'problem_score_threshold: 8',
      'ignore: ["docs/**"]',
      'instructions: Every query goes through the repository layer.'
    ].join('\n')
  )
  const run = await fixture.run([
    stagingPass1(finding('src/a.ts', 2, 7), finding('docs/guide.md', 2, 9))
  ])
  expect(run.error).toBeUndefined()
  // Score 7 is below the file's threshold of 8: suppressed, not posted.
  expect(run.outcome).toMatchObject({ findingsPosted: 0, findingsSuppressed: 1 })
  expect(fixture.pr.threads).toHaveLength(0)
  // The finding on the ignored path is refused with the glob named.
  expect(run.reports[0]?.refused).toEqual([
    expect.objectContaining({
      file: 'docs/guide.md',
      kind: 'rejected',
      reason: expect.stringContaining(
        'matches "docs/**" in the ignore list of .github/review-my-code-bot.yml'
      )
    })
  ])
  const [pass1, , pass3] = run.agent.prompts
  expect(pass1).toContain(
    'docs/guide.md (added, +2/-0; not inlined: ignored by the repository config)'
  )
  expect(pass1).not.toContain('SECRET_DOCS_LINE')
  expect(pass1).toContain('+const b = 2')
  expect(pass3).toContain('Every query goes through the repository layer.')
})

it('an explicit input wins over the file', async () => {
  configAt(fixture.pr.baseSha, 'problem_score_threshold: 8\n')
  const run = await fixture.run([stagingPass1(finding('src/a.ts', 2, 7))], {
    inputs: { problem_score_threshold: '5' }
  })
  expect(run.outcome).toMatchObject({ findingsPosted: 1, findingsSuppressed: 0 })
  expect(fixture.pr.threads).toHaveLength(1)
})

it('a config only on the PR head is not used', async () => {
  configAt(fixture.pr.headSha, 'problem_score_threshold: 10\nignore: ["src/**"]\n')
  const run = await fixture.run([stagingPass1(finding('src/a.ts', 2, 7))])
  expect(run.outcome).toMatchObject({ findingsPosted: 1, findingsSuppressed: 0 })
  expect(run.reports[0]?.refused).toEqual([])
  expect(run.agent.prompts[2]).toContain('None: the repository config file gives no instructions.')
})

it('a bad file fails the run before the agent starts, naming the key and the value', async () => {
  configAt(fixture.pr.baseSha, 'max_comments: lots\nignore_paths: []\n')
  const run = await fixture.run([])
  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect(run.error?.message).toContain(
    '.github/review-my-code-bot.yml: max_comments must be an integer from 0 to 100, got "lots"'
  )
  expect(run.error?.message).toContain('unknown key "ignore_paths"')
  expect(run.agent.started).toBe(0)
  // The failure is said on the PR, where the author waits for the review.
  const said = fixture.pr.issueComments.map((c) => c.body).join('\n')
  expect(said).toContain('max_comments must be an integer from 0 to 100')
  expect(fixture.github.state.repo(OWNER, REPO).checkRuns).toHaveLength(0)
})
