/**
 * The differential run: each case is sanitized by the product, rendered by
 * cmark-gfm as GitHub renders comments, and read by the oracle; what fails
 * is counted per check and, for a few cases per check, minimized.
 */
import { getErrorMessage } from '../../../src/core/errors/error-message.js'
import type { Renderer } from './cmark-renderer.js'
import { inspectHtml, type Check } from './html-oracle.js'
import { generateMarkdown } from './markdown-generator.js'
import { minimize } from './minimize.js'
import { sanitizeFor, type Mode } from './product-sanitizer.js'
import { caseSeed } from './seeded-random.js'

export type Verdict = Check | 'sanitizer-error'

export interface Problem {
  readonly check: Verdict
  readonly detail: string
}

export interface Failure {
  readonly mode: Mode
  readonly input: string
  readonly problems: readonly Problem[]
}

/** Where a run's time goes: CPU milliseconds of this process (user + system). */
export interface Timing {
  sanitizeMs: number
  inspectMs: number
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

export async function checkCase(
  renderer: Renderer,
  mode: Mode,
  input: string,
  timing: Timing = { sanitizeMs: 0, inspectMs: 0 }
): Promise<Problem[]> {
  const started = process.cpuUsage()
  let sanitized
  try {
    sanitized = sanitizeFor(mode, input)
  } catch (error) {
    return [{ check: 'sanitizer-error', detail: getErrorMessage(error) }]
  } finally {
    timing.sanitizeMs += cpuMsSince(started)
  }
  const html = await renderer.render(sanitized.body)
  const inspecting = process.cpuUsage()
  const problems = inspectHtml(html, sanitized.end)
  timing.inspectMs += cpuMsSince(inspecting)
  return problems
}

export interface RunOptions {
  readonly seed: number
  readonly cases: number
  readonly modes: readonly Mode[]
  /** Failing cases kept per mode and check, for the report and the minimizer. */
  readonly keepPerCheck?: number
  readonly onProgress?: (done: number) => void
}

export interface RunReport {
  readonly seed: number
  readonly cases: number
  readonly checked: number
  readonly failedCases: number
  /** `mode check` → number of cases failing that check. */
  readonly perCheck: ReadonlyMap<string, number>
  readonly kept: readonly (Failure & { readonly check: Verdict })[]
  readonly elapsedMs: number
  /** CPU time of this process (user + system) over the run: the cost without the machine's other load. */
  readonly cpuMs: number
  readonly timing: Timing
}

const CHUNK = 250

function record(report: MutableReport, failure: Failure, keep: number): void {
  report.failedCases += 1
  for (const check of new Set(failure.problems.map((p) => p.check))) {
    const key = `${failure.mode} ${check}`
    const seen = report.perCheck.get(key) ?? 0
    report.perCheck.set(key, seen + 1)
    if (seen < keep) report.kept.push({ ...failure, check })
  }
}

interface MutableReport {
  failedCases: number
  checked: number
  readonly perCheck: Map<string, number>
  readonly kept: (Failure & { readonly check: Verdict })[]
}

/** Runs `cases` generated cases from `seed`, the modes taking turns. */
export async function runGenerated(renderer: Renderer, options: RunOptions): Promise<RunReport> {
  const started = Date.now()
  const cpu = process.cpuUsage()
  const timing: Timing = { sanitizeMs: 0, inspectMs: 0 }
  const report: MutableReport = { failedCases: 0, checked: 0, perCheck: new Map(), kept: [] }
  for (let first = 0; first < options.cases; first += CHUNK) {
    const last = Math.min(options.cases, first + CHUNK)
    const pending: Promise<Failure>[] = []
    for (let i = first; i < last; i += 1) {
      const input = generateMarkdown(caseSeed(options.seed, i))
      const mode = options.modes[i % options.modes.length] ?? 'text'
      pending.push(
        checkCase(renderer, mode, input, timing).then((problems) => ({ mode, input, problems }))
      )
    }
    for (const failure of await Promise.all(pending)) {
      report.checked += 1
      if (failure.problems.length > 0) record(report, failure, options.keepPerCheck ?? 3)
    }
    options.onProgress?.(last)
  }
  const elapsedMs = Date.now() - started
  const cpuMs = cpuMsSince(cpu)
  return { ...report, seed: options.seed, cases: options.cases, elapsedMs, cpuMs, timing }
}

/** Shrinks a failing input while it still fails `check` in `mode`. */
export async function minimizeFailure(
  renderer: Renderer,
  mode: Mode,
  input: string,
  check: Verdict,
  maxTries?: number
): Promise<string> {
  const stillFails = async (text: string) =>
    (await checkCase(renderer, mode, text)).some((p) => p.check === check)
  return minimize(input, stillFails, maxTries)
}
