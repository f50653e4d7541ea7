/**
 * dry_run through the engine, against the fake GitHub server: the whole
 * review runs (state, passes, staging, publication, the record), GitHub gets
 * no write request at all, and the job summary shows each would-be write.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeJobSummary } from '../../src/action/job-summary.js'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import type { ReviewLog } from '../../src/ports/agent-session.js'
import type { ReviewTools } from '../../src/ports/review-tools.js'
import type { LoggedRequest } from '../support/fake-github/fake-github-server.js'
import { submit } from '../support/scripted-session.js'
import {
  OWNER,
  REPO,
  startEngineFixture,
  type EngineFixture,
  ADDED_FILE
} from './engine-harness.js'

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    files: [ADDED_FILE]
  })
})
afterEach(async () => {
  await fixture.stop()
})

/** Every request that would change something on GitHub: any non-GET, and GraphQL mutations. */
function writeRequests(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((request) => {
    if (request.method === 'GET') return false
    if (request.route !== 'POST /graphql') return true
    const query = (request.body as { query?: string } | undefined)?.query ?? ''
    return /^\s*mutation\b/.test(query)
  })
}

function earlierThread() {
  return fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line: 1,
    comments: [
      {
        author: 'github-actions[bot]',
        body: formatBotComment('a is never read.', {
          finding: 'Constant a is never read',
          assessment: 'Why.',
          score: 6
        })
      }
    ]
  })
}

const BODY = 'b shadows "the" import when a && b.'

const stageFinding = (tools: ReviewTools) =>
  tools.postReviewComment({
    file: 'src/a.ts',
    line: 2,
    body: BODY,
    assessment: { finding: 'Variable b shadows the import', assessment: 'Why.', score: 7 }
  })

const reviewTurns = (threadId: string) => [
  submit(async (tools) => {
    await tools.resolveThread({ thread_id: threadId, reason: 'a is read now.' })
    await stageFinding(tools)
  })
]

it('a real run writes: the counter-check for the dry run below', async () => {
  const thread = earlierThread()
  const run = await fixture.run(reviewTurns(thread.id))
  expect(run.error).toBeUndefined()
  expect(writeRequests(fixture.github.requests).length).toBeGreaterThan(0)
  expect(run.reports[0]?.dryRunWrites).toBeUndefined()
})

it('dry_run: the whole review runs, GitHub gets no write, the report lists each would-be write', async () => {
  const thread = earlierThread()
  const infos: string[] = []
  const log: ReviewLog = {
    debug: () => undefined,
    info: (message) => infos.push(message),
    warning: () => undefined,
    group: (_title, body) => body()
  }
  const run = await fixture.run(reviewTurns(thread.id), {
    inputs: { dry_run: 'true' },
    deps: { log }
  })
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts).toHaveLength(4)
  expect(run.outcome).toMatchObject({ kind: 'reviewed', findingsPosted: 1, threadsResolved: 1 })

  expect(writeRequests(fixture.github.requests)).toEqual([])
  expect(fixture.github.requests.length).toBeGreaterThan(0)
  expect(fixture.pr.threads).toHaveLength(1)
  expect(fixture.pr.issueComments).toHaveLength(0)
  expect(fixture.github.state.repo(OWNER, REPO).checkRuns).toHaveLength(0)
  expect(infos).toContain('dry run: nothing was written to the pull request.')

  const writes = run.reports[0]?.dryRunWrites ?? []
  const kinds = writes.map((w) => w.kind)
  expect(kinds).toEqual(expect.arrayContaining(['reply', 'resolve thread', 'conversation comment']))
  const comment = writes.find((w) => w.kind === 'review comment')
  expect(comment?.target).toBe('src/a.ts:2 (RIGHT)')
  expect(comment?.body).toContain(BODY)
  expect(writes.find((w) => w.kind === 'conversation comment')?.body).toContain(
    'Variable b shadows the import'
  )

  const dir = await mkdtemp(join(tmpdir(), 'dry-run-summary-'))
  const previous = process.env.GITHUB_STEP_SUMMARY
  try {
    const file = join(dir, 'summary.md')
    await writeFile(file, '')
    process.env.GITHUB_STEP_SUMMARY = file
    await writeJobSummary(run.reports[0]!)
    const html = await readFile(file, 'utf8')
    expect(html).toContain('Dry run: what would have been posted')
    expect(html).toContain('<details><summary>review comment — src/a.ts:2 (RIGHT)</summary>')
    // Bodies are shown as text, never rendered.
    expect(html).toContain('b shadows &quot;the&quot; import when a &amp;&amp; b.')
    expect(html).toContain('&lt;!-- review-my-code-bot --&gt;')
    expect(html).not.toContain('<!-- review-my-code-bot -->')
  } finally {
    if (previous === undefined) delete process.env.GITHUB_STEP_SUMMARY
    else process.env.GITHUB_STEP_SUMMARY = previous
    await rm(dir, { recursive: true, force: true })
  }
})

it('dry_run with a state_key: the would-be bodies are signed as they would be sent', async () => {
  const run = await fixture.run([submit(stageFinding)], {
    inputs: { dry_run: 'true', state_key: 'a-state-key-of-32-characters-xx' }
  })
  expect(writeRequests(fixture.github.requests)).toEqual([])
  const comment = run.reports[0]?.dryRunWrites?.find((w) => w.kind === 'review comment')
  expect(comment?.body).toMatch(/"sig"\s*:/)
})
