/**
 * Fix mode's verification commands run in a throwaway copy of the patched
 * tree, never in the tree itself: whatever they write (build output, caches,
 * a file a command rewrites) can never reach the commit made from it. Each
 * gets the scrubbed environment (no token, no model key, no secret value).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { VerificationResult } from '../core/fixing/fix-types.js'
import { scrubbedEnvironment } from './scrubbed-env.js'
import { runVerification } from './verification-run.js'

export interface VerifyCopyInput {
  readonly commands: readonly string[]
  /** The time limit of each command. */
  readonly timeoutMs: number
  /** The environment the scrubbed one is made from. */
  readonly env: NodeJS.ProcessEnv
  /** Exact secret values: a variable holding one is left out. */
  readonly secrets: readonly string[]
  readonly log: (line: string) => void
}

/** Runs the commands in a copy of `directory`, stopping at the first failure; the copy is removed. */
export async function verifyInCopy(
  directory: string,
  input: VerifyCopyInput
): Promise<readonly VerificationResult[]> {
  const scratch = await mkdtemp(join(tmpdir(), 'fix-verify-'))
  const tree = join(scratch, 'tree')
  try {
    await cp(directory, tree, { recursive: true, verbatimSymlinks: true })
    return await runVerification(input.commands, {
      cwd: tree,
      env: scrubbedEnvironment(input.env, input.secrets),
      timeoutMs: input.timeoutMs,
      log: input.log
    })
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
