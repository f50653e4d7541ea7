/**
 * Runs the repository's verification commands (fix mode's `npm ci`,
 * `npm run build`, ...) in the fixed copy, one after the other, the way a
 * job step would: `/bin/sh -c <command>` in `cwd`, no input, stdout and
 * stderr into one bounded tail (interleaved as the chunks arrive).
 *
 * Each command runs in its own process group and the whole group is stopped
 * when the command ends: at the time limit (SIGTERM, SIGKILL after the grace
 * period, reported `timedOut`), and also when the shell exits on its own
 * while something it started in the background lives on, so nothing of one
 * command writes into the copy after it was reported.
 *
 * The run stops at the first command that does not exit 0; the commands
 * after it are not run and are not in the result (the result's last entry
 * is the failing one, and the caller holds the configured list). A command
 * that cannot start has exitCode null and the reason as its output.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { VerificationResult } from '../core/fixing/fix-types.js'
import { BoundedTail } from './bounded-tail.js'
import { stopGroup } from './process-group.js'

export const DEFAULT_OUTPUT_TAIL_BYTES = 4000
/** Between SIGTERM and SIGKILL, and the longest wait for the output to close. */
export const DEFAULT_KILL_GRACE_MS = 5000

export interface VerificationOptions {
  readonly cwd: string
  /** The whole environment of each command (scrubbedEnvironment). */
  readonly env: Record<string, string>
  /** The time limit of each command. */
  readonly timeoutMs: number
  readonly outputTailBytes?: number
  readonly killGraceMs?: number
  readonly log?: (line: string) => void
  /** The clock durations are read from (milliseconds); performance.now by default. */
  readonly now?: () => number
}

/** How one command's shell ended. */
interface Ending {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly timedOut: boolean
  /** Set when the shell could not be started. */
  readonly startError?: string
}

function spawnShell(command: string, options: VerificationOptions): ChildProcess {
  return spawn('/bin/sh', ['-c', command], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the group's id is its pid and one signal reaches all it starts.
    detached: true
  })
}

function notStarted(error: unknown, options: VerificationOptions): Ending {
  const reason = `could not start /bin/sh in ${options.cwd}: ${getErrorMessage(error)}`
  return { code: null, signal: null, timedOut: false, startError: reason }
}

/** Runs one command to its end (or its time limit), its output going into `tail`. */
function runInGroup(
  command: string,
  options: VerificationOptions,
  tail: BoundedTail
): Promise<Ending> {
  let child: ChildProcess
  try {
    child = spawnShell(command, options)
  } catch (error) {
    return Promise.resolve(notStarted(error, options))
  }
  const pgid = child.pid
  if (pgid === undefined) {
    return new Promise((resolve) =>
      child.once('error', (error) => resolve(notStarted(error, options)))
    )
  }
  return watchGroup(child, pgid, options, tail)
}

function watchGroup(
  child: ChildProcess,
  pgid: number,
  options: VerificationOptions,
  tail: BoundedTail
): Promise<Ending> {
  const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS
  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => (stopping ??= stopGroup(pgid, graceMs))
  let timedOut = false
  const limit = setTimeout(() => {
    timedOut = true
    void stop()
  }, options.timeoutMs)
  const push = (chunk: Buffer): void => tail.push(chunk)
  child.stdout?.on('data', push)
  child.stderr?.on('data', push)
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal }))
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return (async () => {
    await exited
    clearTimeout(limit)
    // What the shell left running in its group goes with it.
    await stop()
    // A process that left the group may still hold the output open: stop reading after the grace period.
    const drain = setTimeout(() => {
      child.stdout?.destroy()
      child.stderr?.destroy()
    }, graceMs)
    const { code, signal } = await closed
    clearTimeout(drain)
    return { code, signal, timedOut }
  })()
}

function resultOf(
  command: string,
  ending: Ending,
  durationMs: number,
  tail: BoundedTail
): VerificationResult {
  let outputTail = ending.startError ?? tail.text()
  // A signal the time limit did not send (a crash, the command killing itself) is said once, at the end.
  if (!ending.timedOut && ending.signal !== null) {
    outputTail = `${outputTail}${outputTail === '' || outputTail.endsWith('\n') ? '' : '\n'}(ended by ${ending.signal})`
  }
  return {
    command,
    exitCode: ending.timedOut ? null : ending.code,
    timedOut: ending.timedOut,
    durationMs,
    outputTail
  }
}

function outcomeLine(result: VerificationResult, timeoutMs: number): string {
  const seconds = `${(result.durationMs / 1000).toFixed(1)} s`
  const name = JSON.stringify(result.command)
  if (result.timedOut) return `Verification: ${name} stopped at its time limit (${timeoutMs} ms)`
  if (result.exitCode === null) return `Verification: ${name} did not finish (${seconds})`
  return `Verification: ${name} exited with ${result.exitCode} after ${seconds}`
}

/** Runs `commands` in order until one fails; one result per command run. */
export async function runVerification(
  commands: readonly string[],
  options: VerificationOptions
): Promise<VerificationResult[]> {
  const now = options.now ?? (() => performance.now())
  const log = options.log ?? (() => undefined)
  const results: VerificationResult[] = []
  for (const [index, command] of commands.entries()) {
    log(`Verification: running ${JSON.stringify(command)}`)
    const tail = new BoundedTail(options.outputTailBytes ?? DEFAULT_OUTPUT_TAIL_BYTES)
    const started = now()
    const ending = await runInGroup(command, options, tail)
    const result = resultOf(command, ending, now() - started, tail)
    results.push(result)
    log(outcomeLine(result, options.timeoutMs))
    if (result.exitCode !== 0) {
      const skipped = commands.slice(index + 1)
      if (skipped.length > 0) {
        log(
          `Verification: not run after the failure: ${skipped.map((c) => JSON.stringify(c)).join(', ')}`
        )
      }
      break
    }
  }
  return results
}
