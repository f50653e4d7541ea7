/**
 * The `opencode serve` process seen from outside: its output, the line that
 * says it listens, and how its process group is stopped. ManagedOpenCodeServer
 * (server.ts) owns one.
 */
import type { ChildProcess } from 'node:child_process'
import { isGroupAlive, killGroup } from '../process/process-group.js'

const LISTENING = /opencode server listening on (https?:\/\/[^\s]+)/
const MAX_CAPTURE = 16_000

export class OpencodeStartError extends Error {
  /** The message without the captured output. */
  readonly reason: string
  constructor(
    message: string,
    readonly output: string,
    /** The process that failed, already stopped; undefined when none was spawned. */
    readonly pid?: number
  ) {
    super(`${message}\n--- opencode output ---\n${output.trim() || '(none)'}`)
    this.name = 'OpencodeStartError'
    this.reason = message
  }
}

/** Keeps the tail of the process output for error messages. */
export class OutputTail {
  text = ''
  push(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-MAX_CAPTURE)
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit)
      resolve(false)
    }, ms)
    const onExit = (): void => {
      clearTimeout(timer)
      resolve(true)
    }
    child.once('exit', onExit)
  })
}

/** SIGTERM to the group, SIGKILL after `graceMs` to whatever is left of it. */
export async function terminate(child: ChildProcess, pgid: number, graceMs: number): Promise<void> {
  killGroup(pgid, 'SIGTERM')
  await waitForExit(child, graceMs)
  // The leader may be gone while a child of the group lingers.
  if (isGroupAlive(pgid)) {
    killGroup(pgid, 'SIGKILL')
    await waitForExit(child, graceMs)
    await waitForGroupGone(pgid, graceMs)
  }
}

/** Polls until every member of the group has been reaped (or `ms` passed). */
async function waitForGroupGone(pgid: number, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (isGroupAlive(pgid) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export interface ListeningWait {
  readonly timeoutMs: number
  readonly binary: string
  /** Aborting gives up the wait (the caller stops the process). */
  readonly signal?: AbortSignal | undefined
}

/** The URL of the "listening" line; rejects when the process exits, fails, times out or is given up. */
export function waitForListening(
  child: ChildProcess,
  output: OutputTail,
  wait: ListeningWait
): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdoutLine = ''
    const fail = (message: string): void => {
      cleanup()
      reject(new OpencodeStartError(message, output.text))
    }
    const onStdout = (chunk: Buffer): void => {
      output.push(chunk)
      stdoutLine = (stdoutLine + chunk.toString()).slice(-4096)
      const match = LISTENING.exec(stdoutLine)
      if (match?.[1] !== undefined) {
        cleanup()
        resolve(match[1].replace(/\/$/, ''))
      }
    }
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      const how = signal === null ? `exit code ${code}` : `signal ${signal}`
      fail(`opencode serve exited before listening (${how})`)
    }
    const onError = (error: Error): void => fail(`could not start ${wait.binary}: ${error.message}`)
    const onAbort = (): void => fail('opencode serve was stopped before it listened')
    const timer = setTimeout(
      () => fail(`opencode serve did not report "listening" within ${wait.timeoutMs} ms`),
      wait.timeoutMs
    )
    const cleanup = (): void => {
      clearTimeout(timer)
      child.off('exit', onExit)
      child.off('error', onError)
      wait.signal?.removeEventListener('abort', onAbort)
    }
    child.stdout?.on('data', onStdout)
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.once('exit', onExit)
    child.once('error', onError)
    if (wait.signal?.aborted === true) onAbort()
    else wait.signal?.addEventListener('abort', onAbort, { once: true })
  })
}
