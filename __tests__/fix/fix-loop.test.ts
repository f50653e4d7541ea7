/**
 * The fix loop's rounds through its port, with plain stand-ins: what is
 * committed, when nothing is pushed, stuck findings and how the loop ends.
 */
import { expect, it } from '@jest/globals'
import type { FixSource } from '../../src/core/fixing/fix-candidates.js'
import type {
  FileChange,
  FixerAnswer,
  VerificationResult
} from '../../src/core/fixing/fix-types.js'
import { runFixLoop } from '../../src/fix/fix-loop.js'
import { fixCommits } from '../../src/fix/fix-loop-result.js'
import type { BranchCommitResult } from '../../src/ports/branch-committer.js'
import type { FixLoopDeps, FixerRun } from '../../src/ports/fix-loop.js'
import { thread } from '../core/fixing/fix-fixtures.js'

const HEAD = 'a'.repeat(40)
const CONFIG = '.github/review-my-code-bot.yml'

/** The bot's open finding `F<n>` in the thread whose root comment is `root`: id "F<n>@<root>". */
function finding(id: string): FixSource {
  const [findingId, root] = id.split('@')
  return thread(findingId, Number(root))
}

const edit = (path: string): FileChange => ({ path, contents: new TextEncoder().encode('fixed\n') })
const passed = (command: string): VerificationResult => ({
  command,
  exitCode: 0,
  timedOut: false,
  durationMs: 5,
  outputTail: 'ok'
})

interface Script {
  /** The open findings read before the loop and after each round's review. */
  open: FixSource[][]
  /** The fixer's answer and edits per round. */
  fixer: Array<{ answer: FixerAnswer; changes: FileChange[] } | { failed: string }>
  verify?: VerificationResult[][]
  commit?: BranchCommitResult[]
}

function stand(script: Script) {
  const calls = {
    fixer: [] as Array<{ round: number; head: string; directory: string; ids: string[] }>,
    commits: [] as Array<{ expectedHead: string; headline: string; body: string }>,
    reviews: [] as Array<{ head: string; before: string; directory: string }>,
    verified: [] as string[],
    disposed: 0,
    logs: [] as string[]
  }
  let reads = 0
  let rounds = 0
  let oids = 0
  const deps: FixLoopDeps = {
    openFindings: async () => script.open[Math.min(reads++, script.open.length - 1)] ?? [],
    runFixer: async (input): Promise<FixerRun> => {
      calls.fixer.push({
        round: input.round,
        head: input.head,
        directory: input.directory,
        ids: input.candidates.map((c) => c.id)
      })
      const step = script.fixer[rounds++]
      if (step === undefined) throw new Error('the fixer ran more rounds than scripted')
      if ('failed' in step) return { kind: 'failed', reason: step.failed }
      const directory = `/tmp/copy-${rounds}`
      return {
        kind: 'answered',
        answer: step.answer,
        copy: { directory, changes: step.changes, dispose: async () => void calls.disposed++ }
      }
    },
    verify: async (directory) => {
      calls.verified.push(directory)
      return script.verify?.[calls.verified.length - 1] ?? [passed('npm run lint')]
    },
    commit: async (input) => {
      calls.commits.push(input)
      const scripted = script.commit?.[calls.commits.length - 1]
      if (scripted !== undefined) return scripted
      const oid = String(++oids).repeat(40)
      return { ok: true, oid, url: `https://github.com/o/r/commit/${oid}` }
    },
    reReview: async (input) => void calls.reviews.push(input),
    log: {
      debug: () => {},
      info: (line) => void calls.logs.push(line),
      warning: (line) => void calls.logs.push(line),
      group: async (_title, body) => body()
    }
  }
  return { deps, calls }
}

const loop = (deps: FixLoopDeps, maxRounds = 3) =>
  runFixLoop(deps, {
    reviewedHead: HEAD,
    minScore: 5,
    secrets: [],
    checkout: '/work/checkout',
    maxRounds,
    repoConfigPath: CONFIG
  })

it('fixed, verified, committed on the reviewed head, reviewed from the patched copy: converged', async () => {
  const { deps, calls } = stand({
    open: [[finding('F1@10')], []],
    fixer: [
      {
        answer: {
          fixed: [{ findingId: 'F1@10', description: 'Checked the total.' }],
          rejected: []
        },
        changes: [edit('src/orders.ts')]
      }
    ]
  })
  const result = await loop(deps)
  expect(result.status).toBe('converged')
  expect(calls.commits).toHaveLength(1)
  expect(calls.commits[0]?.expectedHead).toBe(HEAD)
  expect(calls.commits[0]?.body).toContain('src/a.ts:10: Checked the total.')
  expect(calls.reviews).toEqual([{ head: '1'.repeat(40), before: HEAD, directory: '/tmp/copy-1' }])
  expect(fixCommits(result)).toEqual(['1'.repeat(40)])
  expect(calls.disposed).toBe(1)
})

it('verification fails: no commit, no review, the reason names the command', async () => {
  const { deps, calls } = stand({
    open: [[finding('F1@10')]],
    fixer: [
      {
        answer: { fixed: [{ findingId: 'F1@10', description: 'Checked.' }], rejected: [] },
        changes: [edit('src/orders.ts')]
      }
    ],
    verify: [[passed('npm ci'), { ...passed('npm run build'), exitCode: 2, outputTail: 'TS2304' }]]
  })
  const result = await loop(deps)
  expect(result.status).toBe('verification_failed')
  expect(result.reason).toContain('`npm run build` exited with 2')
  expect(calls.commits).toEqual([])
  expect(calls.reviews).toEqual([])
  expect(result.rounds[0]?.verification.map((v) => v.command)).toEqual(['npm ci', 'npm run build'])
  expect(calls.disposed).toBe(1)
})

it('reported fixed but raised again: stuck, not given again; a new finding is; then manual intervention required', async () => {
  const { deps, calls } = stand({
    open: [
      [finding('F1@10'), finding('F2@11')],
      // The review of round 1's commit: F2 is gone, F1 is still open, F3 is new.
      [finding('F1@10'), finding('F3@12')],
      [finding('F1@10')]
    ],
    fixer: [
      {
        answer: {
          fixed: [
            { findingId: 'F1@10', description: 'Checked.' },
            { findingId: 'F2@11', description: 'Guarded.' }
          ],
          rejected: []
        },
        changes: [edit('src/orders.ts')]
      },
      {
        answer: { fixed: [{ findingId: 'F3@12', description: 'Bounded.' }], rejected: [] },
        changes: [edit('src/refunds.ts')]
      }
    ]
  })
  const result = await loop(deps)
  expect(calls.fixer.map((c) => c.ids)).toEqual([['F1@10', 'F2@11'], ['F3@12']])
  // Round 2 starts from round 1's commit and its tree, the copy round 1 committed.
  expect(calls.fixer.map((c) => [c.head, c.directory])).toEqual([
    [HEAD, '/work/checkout'],
    ['1'.repeat(40), '/tmp/copy-1']
  ])
  expect(calls.disposed).toBe(2)
  expect(result.status).toBe('manual_intervention_required')
  expect(result.stuck.map((f) => f.id)).toEqual(['F1@10'])
  expect(fixCommits(result)).toHaveLength(2)
})

it('a finding the fixer rejected is left to a person: not given again', async () => {
  const { deps, calls } = stand({
    open: [[finding('F1@10'), finding('F2@11')], [finding('F2@11')]],
    fixer: [
      {
        answer: {
          fixed: [{ findingId: 'F1@10', description: 'Checked.' }],
          rejected: [{ findingId: 'F2@11', reason: 'Needs a product decision.' }]
        },
        changes: [edit('src/orders.ts')]
      }
    ]
  })
  const result = await loop(deps)
  expect(calls.fixer).toHaveLength(1)
  expect(result.status).toBe('manual_intervention_required')
  expect(result.stuck).toEqual([])
  expect(result.open.map((f) => f.id)).toEqual(['F2@11'])
})

it('an answer that drops a finding it was given is not committed', async () => {
  const { deps, calls } = stand({
    open: [[finding('F1@10'), finding('F2@11')]],
    fixer: [
      {
        answer: { fixed: [{ findingId: 'F1@10', description: 'Checked.' }], rejected: [] },
        changes: [edit('src/orders.ts')]
      }
    ]
  })
  const result = await loop(deps)
  expect(result.status).toBe('manual_intervention_required')
  expect(result.reason).toContain('F2@11')
  expect(calls.verified).toEqual([])
  expect(calls.commits).toEqual([])
})

it('a fix touching a workflow is refused before verification; nothing is pushed', async () => {
  const { deps, calls } = stand({
    open: [[finding('F1@10')]],
    fixer: [
      {
        answer: { fixed: [{ findingId: 'F1@10', description: 'Checked.' }], rejected: [] },
        changes: [edit('src/orders.ts'), edit('.github/workflows/ci.yml')]
      }
    ]
  })
  const result = await loop(deps)
  expect(result.status).toBe('refused')
  expect(result.reason).toContain('.github/workflows/ci.yml')
  expect(calls.verified).toEqual([])
  expect(calls.commits).toEqual([])
})

it('a branch that moved: nothing pushed, nothing forced, the loop ends', async () => {
  const { deps, calls } = stand({
    open: [[finding('F1@10')]],
    fixer: [
      {
        answer: { fixed: [{ findingId: 'F1@10', description: 'Checked.' }], rejected: [] },
        changes: [edit('src/orders.ts')]
      }
    ],
    commit: [{ ok: false, reason: 'branch-moved', detail: 'expected head mismatch' }]
  })
  const result = await loop(deps)
  expect(result.status).toBe('branch_moved')
  expect(calls.reviews).toEqual([])
  expect(fixCommits(result)).toEqual([])
})

it('the round cap ends the loop with findings still open', async () => {
  const { deps, calls } = stand({
    open: [[finding('F1@10')], [finding('F2@11')]],
    fixer: [
      {
        answer: { fixed: [{ findingId: 'F1@10', description: 'Checked.' }], rejected: [] },
        changes: [edit('src/orders.ts')]
      }
    ]
  })
  const result = await loop(deps, 1)
  expect(result.status).toBe('round_cap')
  expect(calls.fixer).toHaveLength(1)
  expect(result.open.map((f) => f.id)).toEqual(['F2@11'])
})

it('nothing open: the fixer never runs; a fixer without an answer ends the loop', async () => {
  const none = stand({ open: [[]], fixer: [] })
  expect((await loop(none.deps)).status).toBe('nothing_to_fix')
  expect(none.calls.fixer).toEqual([])
  const silent = stand({
    open: [[finding('F1@10')]],
    fixer: [{ failed: 'it ended without submit_fix_result' }]
  })
  const result = await loop(silent.deps)
  expect(result.status).toBe('manual_intervention_required')
  expect(result.reason).toContain('submit_fix_result')
})
