/**
 * The `fix` command with a fake engine: its flags (--max-rounds, no
 * --working-tree), the fix's outcome in each report format, and its exit
 * codes (fixExitCode: with --fail-on set, a loop that did not converge
 * fails the gate).
 */
import { fixExitCode, EXIT } from '../../src/cli/exit-codes.js'
import { parseCommand } from '../../src/cli/cli-args.js'
import type { FixStatus } from '../../src/core/fixing/fix-types.js'
import type { FixLoopResult } from '../../src/fix/fix-loop-result.js'
import type { LocalFixResult } from '../../src/local/local-fix.js'
import { LocalUsageError } from '../../src/local/local-usage-error.js'
import { fakeEngine, finding, reviewed, runCli } from './cli-fakes.js'

const MODEL = ['--model', 'anthropic/claude-sonnet-4-5']
const OID = 'a'.repeat(40)

const candidate = {
  id: 'F1@21',
  path: 'src/x.ts',
  line: 21,
  score: 8,
  finding: 'Order total overflows',
  assessment: 'Large carts overflow.'
}
const rejectedCandidate = { ...candidate, id: 'F2@30', line: 30, finding: 'Unused import' }

function loop(status: FixStatus): FixLoopResult {
  return {
    status,
    reason: `The loop ended ${status}.`,
    rounds: [
      {
        round: 1,
        head: 'b'.repeat(40),
        given: [candidate, rejectedCandidate],
        answer: {
          fixed: [{ findingId: candidate.id, description: 'Clamped the total.' }],
          rejected: [{ findingId: rejectedCandidate.id, reason: 'The import is used by a macro.' }]
        },
        changes: [],
        verification: [
          { command: 'npm test', exitCode: 0, timedOut: false, durationMs: 5, outputTail: 'ok' }
        ],
        commit: { oid: OID, url: `local:commit/${OID}` }
      }
    ],
    stuck: [],
    open: [rejectedCandidate],
    deferred: []
  }
}

function fixed(status: FixStatus, verdict: 'approve' | 'request_changes' = 'approve') {
  const review = reviewed(verdict, [finding({ id: 'F2@30', line: 30 })])
  if (review.kind !== 'reviewed') throw new Error('unreachable')
  const result: LocalFixResult = {
    kind: 'fixed',
    review: { ...review, scope: 'incremental' },
    fix: loop(status),
    maxRounds: 2,
    warnings: []
  }
  return result
}

describe('fix flags', () => {
  it('takes --max-rounds 1-3, default 3, and the review flags but --working-tree', () => {
    expect(parseCommand(['fix', ...MODEL])).toMatchObject({ name: 'fix', maxRounds: 3 })
    expect(parseCommand(['fix', ...MODEL, '--max-rounds', '2', '--base', 'dev'])).toMatchObject({
      name: 'fix',
      maxRounds: 2,
      base: 'dev',
      inputs: { model: 'anthropic/claude-sonnet-4-5' }
    })
  })

  it.each([['0'], ['4'], ['two'], ['1.5']])(
    '--max-rounds %s exits 2 before any work, naming the flag and the value',
    async (value) => {
      const engine = fakeEngine(reviewed('approve', []), [], fixed('converged'))
      const run = await runCli(['fix', ...MODEL, '--max-rounds', value], engine)
      expect(run.code).toBe(EXIT.usage)
      expect(run.stderr).toContain(`--max-rounds must be an integer from 1 to 3, got "${value}"`)
      expect(engine.calls).toEqual([])
    }
  )

  it('--working-tree is no fix option', async () => {
    const engine = fakeEngine(reviewed('approve', []), [], fixed('converged'))
    const run = await runCli(['fix', ...MODEL, '--working-tree'], engine)
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toContain("'--working-tree'")
    expect(engine.calls).toEqual([])
  })
})

describe('fixExitCode', () => {
  it.each<[FixStatus, 'approve' | 'request_changes', string, number]>([
    ['round_cap', 'request_changes', 'never', EXIT.ok],
    ['verification_failed', 'approve', 'never', EXIT.ok],
    ['converged', 'approve', 'request_changes', EXIT.ok],
    ['nothing_to_fix', 'approve', 'needs_major_work', EXIT.ok],
    ['round_cap', 'approve', 'request_changes', EXIT.gateFailed],
    ['manual_intervention_required', 'approve', 'needs_major_work', EXIT.gateFailed],
    ['branch_moved', 'approve', 'request_changes', EXIT.gateFailed],
    ['converged', 'request_changes', 'request_changes', EXIT.gateFailed]
  ])('%s with verdict %s and --fail-on %s exits %d', (status, verdict, failOn, code) => {
    expect(fixExitCode(status, verdict, failOn as 'never')).toBe(code)
  })
})

describe('the fix in the reports', () => {
  it('terminal: the status, rounds, commit, fixed and rejected findings and the verification', async () => {
    const run = await runCli(
      ['fix', ...MODEL],
      fakeEngine(reviewed('approve', []), [], fixed('round_cap'))
    )
    expect(run.code).toBe(EXIT.ok)
    expect(run.stdout).toContain('Fix: round_cap (1 of at most 2 rounds)')
    expect(run.stdout).toContain(`commit ${OID} (round 1)`)
    expect(run.stdout).toContain('fixed F1@21 src/x.ts:21 (round 1): Clamped the total.')
    expect(run.stdout).toContain('rejected F2@30 src/x.ts:30: The import is used by a macro.')
    expect(run.stdout).toContain('verify (round 1): npm test: exit 0')
  })

  it('json carries a fix object', async () => {
    const engine = fakeEngine(reviewed('approve', []), [], fixed('converged'))
    const run = await runCli(['fix', ...MODEL, '--format', 'json'], engine)
    const json = JSON.parse(run.stdout) as { fix: Record<string, unknown>; findings: unknown[] }
    expect(json.fix).toMatchObject({
      status: 'converged',
      rounds: 1,
      maxRounds: 2,
      commits: [{ round: 1, oid: OID }],
      fixed: [{ id: 'F1@21', file: 'src/x.ts', line: 21, description: 'Clamped the total.' }],
      rejected: [{ id: 'F2@30', reason: 'The import is used by a macro.' }],
      stuck: []
    })
    expect(json.findings).toHaveLength(1)
  })

  it('markdown holds the fix report without its hidden block', async () => {
    const engine = fakeEngine(reviewed('approve', []), [], fixed('converged'))
    const run = await runCli(['fix', ...MODEL, '--format', 'markdown'], engine)
    expect(run.stdout).toContain('## OpenCode fix: ✅ Converged')
    expect(run.stdout).toContain('Clamped the total.')
    expect(run.stdout).not.toContain('rmcoc')
  })

  it('--fail-on request_changes: a loop stopped at the round cap exits 1', async () => {
    const engine = fakeEngine(reviewed('approve', []), [], fixed('round_cap'))
    const run = await runCli(['fix', ...MODEL, '--fail-on', 'request_changes'], engine)
    expect(run.code).toBe(EXIT.gateFailed)
    expect(engine.fixOptions[0]?.maxRounds).toBe(3)
  })

  it('a refusal of the engine (a dirty work tree) exits 2 with its message', async () => {
    const refusal = new LocalUsageError('the work tree has uncommitted changes (modified: a.ts)')
    const run = await runCli(['fix', ...MODEL], fakeEngine(reviewed('approve', []), [], refusal))
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toContain('the work tree has uncommitted changes (modified: a.ts)')
  })
})
