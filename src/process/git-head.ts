/**
 * The commit the workspace has checked out, read with the same hardened git
 * as the tracked-file listing (git-files.ts): the one on the trusted PATH, no
 * system or global config, no hooks. `rev-parse` only reads refs and objects.
 */
import type { CheckoutHead } from '../core/pull-request/checkout-head.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import { looksLikeRepository, runGit } from './git-files.js'
import { trustedPath, type TrustedPath } from './trusted-path.js'

/**
 * HEAD of the repository `root` belongs to, or why `root` is no repository.
 * Throws when it is one but git cannot run or HEAD names no commit.
 */
export async function readCheckoutHead(root: string, trusted?: TrustedPath): Promise<CheckoutHead> {
  const search = trusted ?? (await trustedPath(process.env, [root]))
  let result
  try {
    result = await runGit(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], search)
  } catch (error) {
    const reason = getErrorMessage(error)
    if (!(await looksLikeRepository(root))) {
      return {
        kind: 'not-a-repository',
        reason: `${root}: git could not run (${reason}) and no .git`
      }
    }
    throw new Error(`${root} is a git repository but git could not run (${reason})`)
  }
  const sha = result.stdout.toString('utf8').trim()
  if (result.code === 0 && /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha))
    return { kind: 'commit', sha }
  if (/not a git repository/i.test(result.stderr)) {
    return { kind: 'not-a-repository', reason: `${root}: ${result.stderr}` }
  }
  throw new Error(
    `git rev-parse HEAD failed in ${root} (exit ${String(result.code)}): ${result.stderr || 'HEAD names no commit'}`
  )
}
