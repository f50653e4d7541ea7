/**
 * Fix mode end to end: the action's run() with auto_fix, the real opencode
 * for the fixer and for the review of its commit, the scripted model and the
 * fake GitHub (createCommitOnBranch included). The review before the fix
 * plays its script without a sidecar: it only stages the finding to fix. So
 * does the fixer (in its real copy, fixer-player.ts) in the cases whose
 * subject is the action's rule: verification, stuck findings, protected
 * paths, a moved branch; the converged case runs both sidecars.
 */
import { jest } from '@jest/globals'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { SIDECAR_STATE_KEY } from '../../src/opencode/leftover.js'
import { groupMembers, processEnviron } from '../opencode/group-processes.js'
import { parseOutputFile, runAction } from '../support/action-run.js'
import { prComment } from '../support/webhook-examples.js'
import { FAKE_API_KEY, playedFixer } from '../support/fake-model/index.js'
import {
  call,
  findingIds,
  fixerScript,
  fixingSteps,
  repoConfig,
  reviewOfFix,
  workdir
} from './fixer-script.js'
import {
  addedFile,
  GITHUB_TOKEN,
  NUMBER,
  OWNER,
  pass,
  REPO,
  scenarioInputs,
  startScenario,
  tool,
  type Scenario
} from './harness.js'

jest.setTimeout(240_000)

const ORDERS = Array.from({ length: 30 }, (_, i) =>
  i === 9
    ? 'export const total = (a: number, b: number) => a + b // overflow'
    : `export const line${i + 1} = ${i + 1}`
)
const file = addedFile('src/orders.ts', ORDERS)
const FINDING = 'Order total overflows for large carts'

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

/** The review before the fix: one finding on line 10, played without a sidecar. */
function reviewBeforeFix(): void {
  scenario.model.enqueue(
    ...pass(1, [tool.post('src/orders.ts', 10, 8, FINDING)]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
}

const FIX_INPUTS = { auto_fix: 'true', confirm_min_score: 'off' }

/** The environment of every process of the running sidecars, found through the state saved for the post step. */
async function sidecarEnvirons(): Promise<string[]> {
  const state = parseOutputFile(await readFile(process.env['GITHUB_STATE'] as string, 'utf8'))
  const sidecars = JSON.parse(state[SIDECAR_STATE_KEY] ?? '[]') as { pgid: number }[]
  return sidecars.flatMap(({ pgid }) =>
    groupMembers(pgid).map((pid) =>
      Object.entries(processEnviron(pid))
        .map(([name, value]) => `${name}=${value}`)
        .join('\n')
    )
  )
}

/** Neither the token nor the model key nor an action input is in `environ`. */
function expectNoSecrets(environ: string): void {
  expect(environ).not.toContain(GITHUB_TOKEN)
  expect(environ).not.toContain(FAKE_API_KEY)
  expect(environ).not.toMatch(/^INPUT_/m)
}

it('a finding fixed, verified and committed with createCommitOnBranch on the reviewed head; the same run reviews the commit and resolves the thread: converged', async () => {
  scenario = await startScenario([file])
  const dump = join(scenario.checkout, '..', `verify-environ-${process.pid}.txt`)
  repoConfig(scenario, [
    "grep -q 'clamped' src/orders.ts",
    `tr '\\0' '\\n' < /proc/self/environ > ${dump}`
  ])
  const reviewed = scenario.pr.headSha
  const [read, ...rest] = fixingSteps(
    'a + b // overflow',
    'Math.min(a + b, Number.MAX_SAFE_INTEGER) // clamped',
    'src/orders.ts'
  )
  const fixerEnvirons: string[] = []
  const fixer = fixerScript(scenario.model, [
    (request) => {
      void sidecarEnvirons().then((environs) => fixerEnvirons.push(...environs))
      return read!(request)
    },
    ...rest
  ])
  reviewBeforeFix()
  const review = reviewOfFix(scenario.model, () => [
    call('github_resolve_thread', {
      thread_id: scenario.pr.threads[0]?.id,
      reason: 'The fix commit clamps the total.'
    })
  ])
  const result = await scenario.run({ played: true, inputs: FIX_INPUTS })
  expect(result.failed).toBe(false)
  expect(fixer.length).toBeGreaterThanOrEqual(3)

  // One commit, on top of the head that was reviewed, holding the edit.
  const commits = [...scenario.github.state.branchCommits.values()].flat()
  expect(commits).toHaveLength(1)
  const commit = commits[0]!
  expect(commit.parent).toBe(reviewed)
  expect(commit.headline).toBe('Fix 1 review finding (round 1)')
  expect(commit.additions.map((a) => a.path)).toEqual(['src/orders.ts'])
  expect(commit.additions[0]?.contents.toString('utf8')).toContain('Math.min(a + b')
  expect(commit.deletions).toEqual([])
  expect(scenario.pr.headSha).toBe(commit.oid)
  expect(result.outputs).toMatchObject({ fix_status: 'converged', fix_commits: commit.oid })

  // The same run reviewed the commit: its pass 1 holds the fix, and the thread is resolved.
  const firstPrompt = JSON.stringify(review[0]?.body?.messages ?? [])
  expect(firstPrompt).toContain('Math.min(a + b')
  expect(scenario.pr.threads[0]?.isResolved).toBe(true)

  // The fix report: converged, the commit linked.
  const report = scenario.pr.issueComments.find((c) => c.body.includes('"kind": "fix-report"'))
  expect(report?.body).toContain('Converged')
  expect(report?.body).toContain(commit.oid.slice(0, 7))
  expect(report?.body).toMatch(/Fixer cost: [1-9]\d* input \/ [1-9]\d* output tokens/)
  const block = parseRmcoc(report?.body ?? '')
  expect(block.ok && block.block).toMatchObject({
    kind: 'fix-report',
    status: 'converged',
    commits: [commit.oid]
  })
  // Neither the fixer's sidecar nor a verification command held the token or the key.
  expect(fixerEnvirons.length).toBeGreaterThan(0)
  for (const environ of fixerEnvirons) expectNoSecrets(environ)
  const verifyEnviron = await readFile(dump, 'utf8')
  expect(verifyEnviron).toMatch(/^PATH=/m)
  expectNoSecrets(verifyEnviron)
  await rm(dump, { force: true })
  // The checkout the workflow checked out is untouched.
  expect(ORDERS[9]).toContain('overflow')
})

const fixReport = () =>
  scenario.pr.issueComments.find((c) => c.body.includes('"kind": "fix-report"'))?.body ?? ''
const branchCommits = () => [...scenario.github.state.branchCommits.values()].flat()

it('verification fails: no commit, no review of a commit, the report names the command and shows its output', async () => {
  scenario = await startScenario([file])
  repoConfig(scenario, ["echo 'src/orders.ts(10,1): error TS2304' && exit 3"])
  const reviewed = scenario.pr.headSha
  const fixer = playedFixer(
    fixingSteps('a + b // overflow', 'clamp(a + b) // clamped', 'src/orders.ts')
  )
  reviewBeforeFix()
  const result = await scenario.run({ played: true, inputs: FIX_INPUTS, fixer: fixer.wrap })
  expect(result.failed).toBe(false)
  expect(fixer.taken()).toBe(3)
  expect(branchCommits()).toEqual([])
  expect(scenario.pr.headSha).toBe(reviewed)
  expect(result.outputs).toMatchObject({ fix_status: 'verification_failed', fix_commits: '' })
  expect(fixReport()).toContain('exit 3')
  expect(fixReport()).toContain('error TS2304')
  // The review and the fixer were played: a request would be a review of a commit.
  expect(scenario.model.requests).toEqual([])
})

it('reported fixed but raised again by the review of its commit: stuck, not given again, manual intervention required', async () => {
  scenario = await startScenario([file])
  repoConfig(scenario, ['true'])
  const fixer = playedFixer(fixingSteps('a + b // overflow', 'a + b // looked at', 'src/orders.ts'))
  reviewBeforeFix()
  // The review of the commit (the real sidecar) keeps the thread open: the
  // edit did not clamp anything.
  reviewOfFix(
    scenario.model,
    () => [
      call('github_reply_to_thread', {
        thread_id: scenario.pr.threads[0]?.id,
        body: 'Still overflows: the commit only changed a comment.',
        is_concession: false
      })
    ],
    { fixerPlayed: true }
  )
  const result = await scenario.run({ played: true, inputs: FIX_INPUTS, fixer: fixer.wrap })
  expect(result.failed).toBe(false)
  expect(branchCommits()).toHaveLength(1)
  expect(result.outputs).toMatchObject({
    fix_status: 'manual_intervention_required',
    fix_commits: branchCommits()[0]?.oid
  })
  expect(scenario.pr.threads[0]?.isResolved).toBe(false)
  expect(fixReport()).toContain('Manual intervention required')
  const block = parseRmcoc(fixReport())
  expect(block.ok && block.block.kind === 'fix-report' ? block.block.stuck : []).toHaveLength(1)
  // One fixer round only: the stuck finding was not given again.
  expect(result.stdout.match(/Fix round \d/g)).toEqual(['Fix round 1'])
})

it('a fix touching .github/workflows/ is refused whole: nothing verified, nothing pushed', async () => {
  scenario = await startScenario([file])
  repoConfig(scenario, ['true'])
  const fixer = playedFixer([
    (r) =>
      call('write', { filePath: `${workdir(r)}/.github/workflows/ci.yml`, content: 'on: push\n' }),
    (r) =>
      call('submit_fix_result', {
        fixed: findingIds(r).map((id) => ({ finding_id: id, description: 'Changed CI.' })),
        rejected: []
      })
  ])
  reviewBeforeFix()
  const result = await scenario.run({ played: true, inputs: FIX_INPUTS, fixer: fixer.wrap })
  expect(fixer.taken()).toBe(2)
  expect(result.outputs).toMatchObject({ fix_status: 'refused', fix_commits: '' })
  expect(branchCommits()).toEqual([])
  expect(result.stdout).not.toContain('Verification: running')
  expect(fixReport()).toContain('.github/workflows/ci.yml')
})

it('a branch that moved while the fixer worked: nothing pushed, nothing forced', async () => {
  scenario = await startScenario([file])
  repoConfig(scenario, ['true'])
  const steps = fixingSteps('a + b // overflow', 'clamp(a + b) // clamped', 'src/orders.ts')
  const pushed = 'f'.repeat(40)
  const fixer = playedFixer([
    steps[0]!,
    steps[1]!,
    (r) => {
      // Someone pushes to the branch before the fix is committed.
      scenario.pr.headSha = pushed
      return steps[2]!(r)
    }
  ])
  reviewBeforeFix()
  const result = await scenario.run({ played: true, inputs: FIX_INPUTS, fixer: fixer.wrap })
  expect(fixer.taken()).toBe(3)
  expect(result.outputs).toMatchObject({ fix_status: 'branch_moved', fix_commits: '' })
  expect(branchCommits()).toEqual([])
  expect(scenario.pr.headSha).toBe(pushed)
})

it("a fork's pull request: fix mode is refused with a note before any fixer starts", async () => {
  scenario = await startScenario([file])
  scenario.pr.headRepo = 'someone/Hello-World'
  repoConfig(scenario, ['true'])
  const fixer = fixerScript(scenario.model, [])
  reviewBeforeFix()
  const result = await scenario.run({ played: true, inputs: FIX_INPUTS })
  expect(result.outputs).toMatchObject({ fix_status: 'refused', fix_commits: '' })
  expect(fixer).toEqual([])
  expect(result.stdout).toMatch(/::warning::Fix mode commits only to branches of this repository/)
  expect(fixReport()).toContain('someone/Hello-World')
})

it("a reader's fix mention is refused before anything runs: no model request, no commit, no comment", async () => {
  scenario = await startScenario([file])
  repoConfig(scenario, ['true'])
  scenario.github.state.addUser('reader')
  scenario.github.state.grant(OWNER, REPO, 'reader', 'read')
  const body = '@review-my-code-bot fix'
  const comment = scenario.github.state.addIssueComment(scenario.pr, { author: 'reader', body })
  const payload = prComment(body, 'reader')
  payload.comment.id = comment.id
  payload.issue.number = NUMBER
  const result = await runAction({
    eventName: 'issue_comment',
    payload,
    apiUrl: scenario.github.url,
    inputs: scenarioInputs(scenario),
    env: { GITHUB_WORKSPACE: scenario.checkout, GITHUB_SERVER_URL: 'https://github.com' },
    options: { msPerSecond: 1, passDeadlineMs: 60_000 }
  })
  expect(result.failed).toBe(false)
  expect(result.outputs['skipped_reason']).toMatch(/^unauthorized: "reader" has read access/)
  expect(result.outputs['fix_status']).toBe('')
  expect(scenario.model.requests).toEqual([])
  expect(branchCommits()).toEqual([])
  expect(scenario.pr.issueComments.map((c) => c.author.login)).toEqual(['reader'])
})
