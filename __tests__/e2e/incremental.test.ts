/**
 * Incremental review across runs on one pull request: after a push, pass 1
 * holds only what the PR itself changed since the last reviewed head, with
 * the whole file list as context; whether the push was a plain push, a
 * force-push, or a merge of the base branch; and whether the last review
 * left a PR comment or only its check run. A thread on a file the push did
 * not touch is still verified and can be resolved by a fix elsewhere
 * (cross-file resolution).
 */
import { jest } from '@jest/globals'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { CHECK_RUN_NAME } from '../../src/review/preparation/run-record-search.js'
import {
  insertLines,
  numberedLines,
  onePushPr,
  PUSHED_LINE,
  replaceLine
} from '../support/pr-history.js'
import { OWNER, REPO, pass, tool, type Scenario } from './harness.js'
import { headsOf, push, sha, startHistoryScenario, type FileVersion } from './push.js'
import { passPrompt, passPromptIn } from './requests.js'

jest.setTimeout(240_000)

const BASE = sha('base')
/** The reviewed head and the pushed one: the checkout's commits, set as each test makes them. */
let OLD_HEAD = ''
let NEW_HEAD = ''

let scenario: Scenario | undefined
afterEach(async () => {
  await scenario?.stop()
  scenario = undefined
})

const clean = () => [...pass(1), ...pass(2), ...pass(3), ...pass(4)]

/** A line of file n's PR patch that only a review of file n's whole patch shows. */
const prLineOf = (n: number) => `const value7 = transform${n}(rows[7], options)`

/** Runs the action and fails the test on a failed run. */
async function runChecked(s: Scenario, options: Parameters<Scenario['run']>[0]) {
  const result = await s.run(options)
  expect(result.stdout.split('\n').filter((line) => line.startsWith('::error'))).toEqual([])
  expect(result.failed).toBe(false)
  return result
}

/** The run under test, with the real opencode; returns the requests it sent. */
async function review(s: Scenario, before?: string) {
  const first = s.model.requests.length
  const result = await runChecked(s, before === undefined ? {} : { before })
  return { result, requests: s.model.requests.slice(first) }
}

/**
 * A run under test whose subject is the action's rule (what pass 1 is
 * given), played without opencode; returns its prompts. The first case
 * runs the same kind of review through the real sidecar.
 */
async function playedReview(s: Scenario, before: string) {
  const first = s.model.playedPrompts.length
  const result = await runChecked(s, { before, played: true })
  return { result, prompts: s.model.playedPrompts.slice(first) }
}

/**
 * The first run, which only prepares the run under test: its script played
 * without opencode (the same run(), tools and GitHub writes, no sidecar).
 * Returns its prompts.
 */
async function firstReview(s: Scenario) {
  const first = s.model.playedPrompts.length
  const result = await runChecked(s, { played: true })
  return { result, prompts: s.model.playedPrompts.slice(first) }
}

/** What pass 1 of run 2 must show after a one-line push to file 0 of `count` files. */
function expectOnlyThePushedLine(prompt: string, paths: readonly string[], from: string): void {
  expect(prompt).toContain(`This is an incremental review of ${from}..${NEW_HEAD}`)
  expect(prompt).toContain(`+${PUSHED_LINE}`)
  // The rest of file 0's patch and every other file's patch were reviewed at `from`.
  expect(prompt).not.toContain(prLineOf(0))
  paths.slice(1).forEach((_, i) => expect(prompt).not.toContain(`transform${i + 1}(`))
  // The whole file list is still there, each file marked.
  for (const path of paths) expect(prompt).toContain(path)
  expect(prompt).toContain('src/feature-0.ts (modified, +45/-1): changed')
  expect(prompt).toContain(`${paths.at(-1)} (modified, +44/-1): unchanged`)
}

it('a one-line push after a full review of a 30-file PR: pass 1 of run 2 holds that line, no untouched patch, the whole file list; a thread on an untouched file is resolved by the fix elsewhere', async () => {
  const history = onePushPr(30)
  const heads = headsOf(history)
  const paths = history.map((file) => file.path)
  scenario = await startHistoryScenario(heads.old, { baseSha: BASE })
  OLD_HEAD = scenario.pr.headSha
  scenario.model.enqueue(
    ...pass(1, [
      tool.post('src/feature-0.ts', 50, 7, 'Rows are transformed without a bounds check'),
      tool.post('src/feature-29.ts', 50, 7, 'transform29 trusts feature-0 to bound the rows')
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const run1 = await firstReview(scenario)
  const full = passPromptIn(run1.prompts, 1)
  expect(full).toContain('This is a full review of the whole pull request (first review')
  expect(full).toContain(prLineOf(29))
  expect(full).toContain(prLineOf(0))

  const thread = scenario.pr.threads.find((t) => t.path === 'src/feature-0.ts')
  const elsewhere = scenario.pr.threads.find((t) => t.path === 'src/feature-29.ts')
  if (thread === undefined || elsewhere === undefined) throw new Error('run 1 posted no threads')
  const from = await push(scenario, { files: heads.new })
  NEW_HEAD = scenario.pr.headSha
  scenario.model.enqueue(
    ...pass(1, [
      tool.reply(thread.id, 'Still no bounds check at line 50.', false),
      tool.resolve(
        elsewhere.id,
        'The push bounds the rows in feature-0.ts, which transform29 relies on.'
      )
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const run2 = await review(scenario, from)
  const incremental = passPrompt(run2.requests, 1)
  expectOnlyThePushedLine(incremental, paths, OLD_HEAD)
  // The untouched file's thread is shown for verification and resolved by the fix in another file.
  expect(incremental).toContain(`thread_id ${elsewhere.id}`)
  expect(scenario.pr.threads.find((t) => t.id === elsewhere.id)?.isResolved).toBe(true)
  expect(scenario.pr.threads.find((t) => t.id === thread.id)?.isResolved).toBe(false)
  expect(run2.result.outputs['threads_resolved']).toBe('1')
  expect(incremental.length).toBeLessThan(full.length / 5)
  // Passes 2-4 keep the same focus.
  expect(passPrompt(run2.requests, 2)).toContain(
    `Scope: what the pull request changed since the last review (${OLD_HEAD}..${NEW_HEAD})`
  )
  expect(run2.result.stdout).toContain(`Incremental review of ${OLD_HEAD}..${NEW_HEAD}`)
})

it('a force-push: the old head is no longer a PR commit, the payload names it as `before`, and run 2 is still incremental', async () => {
  const history = onePushPr(30)
  const heads = headsOf(history)
  const paths = history.map((file) => file.path)
  scenario = await startHistoryScenario(heads.old, { baseSha: BASE })
  OLD_HEAD = scenario.pr.headSha
  scenario.model.enqueue(...clean())
  await firstReview(scenario)
  // A clean run: the check run on the old head is the only record.
  expect(scenario.pr.issueComments).toHaveLength(0)

  const from = await push(scenario, {
    files: heads.new,
    history: { kind: 'rewrite', rewritten: [sha('rewritten first commit')] }
  })
  NEW_HEAD = scenario.pr.headSha
  expect(scenario.pr.commits).not.toContain(OLD_HEAD)
  scenario.model.enqueue(...clean())
  const run2 = await playedReview(scenario, from)
  expectOnlyThePushedLine(passPromptIn(run2.prompts, 1), paths, OLD_HEAD)
})

it('a merge of the base branch: its change in a PR file and in another file is not reviewed again, the PR’s new line is', async () => {
  const history = onePushPr(30)
  const heads = headsOf(history)
  const paths = history.map((file) => file.path)
  const config = numberedLines('export const setting =', 20)
  scenario = await startHistoryScenario(heads.old, {
    baseSha: BASE,
    others: { 'src/config.ts': config }
  })
  OLD_HEAD = scenario.pr.headSha
  scenario.model.enqueue(...clean())
  const run1 = await firstReview(scenario)
  expect(passPromptIn(run1.prompts, 1)).toContain('This is a full review')

  // main moved on: two lines at the top of file 0 (shifting every PR line by two), a line
  // far from the PR's hunks in it, and a line of a file the PR does not touch.
  const MERGED = "const base0 = 'merged from main'"
  const mergeBase = (text: string) =>
    `// Copyright main\n// SPDX: MIT\n${text.replace('\nconst base0 = 70\n', `\n${MERGED}\n`)}`
  const merged: FileVersion[] = heads.new.map((file, i) =>
    i === 0 ? { path: file.path, base: mergeBase(file.base), head: mergeBase(file.head) } : file
  )
  expect(merged[0]?.head).toContain(MERGED)
  const from = await push(scenario, {
    baseSha: sha('main after the merge'),
    files: merged,
    others: { 'src/config.ts': replaceLine(config, 5, ["export const setting = 'from main'"]) }
  })
  NEW_HEAD = scenario.pr.headSha
  scenario.model.enqueue(...clean())
  const run2 = await playedReview(scenario, from)
  const incremental = passPromptIn(run2.prompts, 1)
  expectOnlyThePushedLine(incremental, paths, OLD_HEAD)
  expect(incremental).not.toContain('merged from main')
  expect(incremental).not.toContain('src/config.ts')
  expect(incremental).not.toContain("'from main'")
  expect(incremental).not.toContain('Copyright main')
  // The hunk is numbered by the merged head's lines, the ones review comments use.
  const pushedAt = (merged[0]?.head.split('\n').indexOf(PUSHED_LINE) ?? -1) + 1
  expect(pushedAt).toBe(41 + 20 + 2)
  // Its old side is the reviewed head rebased onto the merged base: shifted the same way.
  expect(incremental).toContain(`@@ -${pushedAt - 3},6 +${pushedAt - 3},7 @@`)
})

it('a clean run leaves no PR comment, only a check run holding the record; the run after a push is incremental from it', async () => {
  const history = onePushPr(3, 10)
  const heads = headsOf(history)
  scenario = await startHistoryScenario(heads.old, { baseSha: BASE })
  OLD_HEAD = scenario.pr.headSha
  scenario.model.enqueue(...clean())
  const run1 = await firstReview(scenario)
  expect(run1.result.outputs).toMatchObject({ verdict: 'approve', findings_posted: '0' })
  expect(scenario.pr.issueComments).toHaveLength(0)
  expect(scenario.pr.reviews).toHaveLength(0)
  expect(scenario.pr.threads).toHaveLength(0)

  const checks = scenario.github.state.repo(OWNER, REPO).checkRuns
  expect(checks.map((run) => [run.name, run.headSha, run.status])).toEqual([
    [CHECK_RUN_NAME, OLD_HEAD, 'completed']
  ])
  const record = parseRmcoc(checks[0]?.output.text ?? '')
  expect(record.ok && record.block.kind === 'summary' && record.block.head_sha).toBe(OLD_HEAD)

  const from = await push(scenario, { files: heads.new })
  NEW_HEAD = scenario.pr.headSha
  scenario.model.enqueue(...clean())
  const run2 = await playedReview(scenario, from)
  const incremental = passPromptIn(run2.prompts, 1)
  expect(incremental).toContain(`This is an incremental review of ${OLD_HEAD}..${NEW_HEAD}`)
  expect(incremental).toContain(`+${PUSHED_LINE}`)
  expect(incremental).not.toContain(prLineOf(1))
  // Still nothing to say: still no PR comment; the new head has its own record.
  expect(scenario.pr.issueComments).toHaveLength(0)
  expect(checks.map((run) => run.headSha)).toEqual([OLD_HEAD, NEW_HEAD])
})

it('two pushes while the run on the first never ran: the next run reviews everything since the last reviewed head', async () => {
  const history = onePushPr(3, 10)
  const heads = headsOf(history)
  scenario = await startHistoryScenario(heads.old, { baseSha: BASE })
  OLD_HEAD = scenario.pr.headSha
  scenario.model.enqueue(...clean())
  await firstReview(scenario)

  // Push 1 touches file 1; its run was replaced by the next push's (one waiting run per PR).
  const EXTRA = '  const extra = validate(options)'
  const withExtra = (files: readonly FileVersion[]): FileVersion[] =>
    files.map((file, i) =>
      i === 1 ? { ...file, head: insertLines(file.head, 45, [EXTRA]) } : file
    )
  const middle = await push(scenario, { files: withExtra(heads.old) })
  expect(middle).toBe(OLD_HEAD)
  const before = await push(scenario, { files: withExtra(heads.new) })
  NEW_HEAD = scenario.pr.headSha
  scenario.model.enqueue(...clean())
  const run2 = await playedReview(scenario, before)
  const incremental = passPromptIn(run2.prompts, 1)
  expect(incremental).toContain(`This is an incremental review of ${OLD_HEAD}..${NEW_HEAD}`)
  expect(incremental).toContain(`+${PUSHED_LINE}`)
  expect(incremental).toContain(`+${EXTRA}`)
  expect(incremental).toContain('src/feature-2.ts (modified, +14/-1): unchanged')
  expect(incremental).not.toContain(prLineOf(2))
})
