/**
 * Test doubles for the command: a fake engine made of plain functions that
 * record their calls, and streams that collect what the command writes.
 */
import type { CliIo, LocalEngine, OutputStream } from '../../src/cli/cli-io.js'
import { main } from '../../src/cli/cli-main.js'
import type { Verdict } from '../../src/core/findings/verdict.js'
import type { LearningBlock } from '../../src/core/memory/rmcoc.js'
import { LocalUsageError } from '../../src/local/local-usage-error.js'
import type { LocalFixOptions, LocalFixResult } from '../../src/local/local-fix.js'
import type {
  LocalFinding,
  LocalReviewOptions,
  LocalReviewResult
} from '../../src/local/local-review.js'

export interface CollectedStream extends OutputStream {
  text: string
}

export function collect(isTTY = false): CollectedStream {
  const stream = {
    text: '',
    isTTY,
    write(chunk: string) {
      stream.text += chunk
      return true
    }
  }
  return stream
}

export function finding(overrides: Partial<LocalFinding> = {}): LocalFinding {
  return {
    id: 'F1@1',
    fingerprint: 'F1@1',
    file: 'src/a.ts',
    line: 3,
    score: 8,
    category: 'logic',
    finding: 'Off by one in the loop',
    body: 'Off by one in the loop. The last item is skipped.',
    ...overrides
  }
}

export function reviewed(
  verdict: Verdict,
  findings: readonly LocalFinding[],
  warnings: readonly string[] = []
): LocalReviewResult {
  return {
    kind: 'reviewed',
    verdict,
    report: {
      verdict: { verdict, reasons: [`verdict is ${verdict}`] },
      prCommentPosted: false,
      stage: [],
      placements: {},
      refused: [],
      resolvedThreads: [],
      passes: []
    },
    findings,
    scope: 'full',
    statePath: '/repo/.git/review-my-code-bot/state.json',
    warnings
  }
}

export const LEARNINGS_PATH = '/repo/.git/review-my-code-bot/team/learnings.json'

/** The learning a dismissal of `dismissed` with `reason` teaches in the fake engine. */
export function learned(dismissed: LocalFinding, reason: string): LearningBlock {
  return {
    kind: 'learning',
    id: 'L-0a1b2c3d4e',
    rule: reason,
    scope: { path: 'src/**', category: dismissed.category ?? 'uncategorized' },
    finding: dismissed.finding,
    source: { pr: 1, thread: 'T_1', branch: 'feat/loops' },
    taught_by: 'dana',
    via: 'dismissed',
    created_at: '2026-11-20T10:00:00.000Z'
  }
}

export interface FakeEngine extends LocalEngine {
  readonly calls: string[]
  readonly reviewOptions: LocalReviewOptions[]
  readonly fixOptions: LocalFixOptions[]
}

/**
 * An engine whose review returns (or throws) `outcome`, its fix `fixOutcome`;
 * status and dismiss use `findings`, learnings and forget `learnings`; a
 * dismissal teaches the learning `learned` makes of its reason.
 */
export function fakeEngine(
  outcome: LocalReviewResult | Error,
  findings: readonly LocalFinding[] = [],
  fixOutcome: LocalFixResult | Error = new Error('no fix outcome scripted'),
  learnings: readonly LearningBlock[] = []
): FakeEngine {
  const calls: string[] = []
  const reviewOptions: LocalReviewOptions[] = []
  const fixOptions: LocalFixOptions[] = []
  return {
    calls,
    reviewOptions,
    fixOptions,
    async runLocalFix(options) {
      calls.push('fix')
      fixOptions.push(options)
      if (fixOutcome instanceof Error) throw fixOutcome
      return fixOutcome
    },
    async runLocalReview(options) {
      calls.push('review')
      reviewOptions.push(options)
      for (let pass = 1; pass <= 4; pass += 1) {
        await options.log.group(`Review pass ${pass} of 4`, async () => undefined)
      }
      if (outcome instanceof Error) throw outcome
      return outcome
    },
    async localStatus() {
      calls.push('status')
      return { findings, statePath: '/repo/.git/review-my-code-bot/state.json', warnings: [] }
    },
    async dismissFinding(_cwd, id, reason, options) {
      calls.push(`dismiss ${id} ${reason}${options.learn ? '' : ' --no-learn'}`)
      const found = findings.find((f) => f.id === id)
      if (found === undefined) throw new Error(`no finding ${id}`)
      const learning = options.learn
        ? ({ kind: 'learned', learning: learned(found, reason), path: LEARNINGS_PATH } as const)
        : ({ kind: 'off' } as const)
      return { finding: found, learning, warnings: [] }
    },
    async localOutcomes() {
      calls.push('stats')
      return { blocks: [], branches: 0, warnings: [] }
    },
    async localLearnings() {
      calls.push('learnings')
      return { learnings, warnings: [], path: LEARNINGS_PATH }
    },
    async forgetLearning(_cwd, id) {
      calls.push(`forget ${id}`)
      const found = learnings.find((learning) => learning.id === id)
      if (found === undefined) throw new LocalUsageError(`no learning ${JSON.stringify(id)}`)
      return found
    }
  }
}

export interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

export async function runCli(
  argv: readonly string[],
  engine: LocalEngine,
  extra: Partial<CliIo> & { stderrTTY?: boolean } = {}
): Promise<Run> {
  const stdout = collect()
  const stderr = collect(extra.stderrTTY ?? false)
  const code = await main(argv, {
    stdout,
    stderr,
    env: { OPENCODE_API_KEY: 'sk-test-key-0123456789abcdef' },
    cwd: '/repo',
    engine,
    ...extra
  })
  return { code, stdout: stdout.text, stderr: stderr.text }
}
