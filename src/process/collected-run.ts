/**
 * Runs a program to its end with no input and collects what it printed:
 * for short, trusted commands (git) whose whole output the caller reads.
 * Rejects only when the program cannot be spawned; any exit code resolves.
 */
import { spawn } from 'node:child_process'

export interface CollectedRun {
  readonly code: number | null
  readonly stdout: Buffer
  /** Trimmed. */
  readonly stderr: string
}

export function runCollected(
  program: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv }
): Promise<CollectedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString('utf8').trim()
      })
    )
  })
}
