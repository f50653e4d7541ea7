/**
 * The local gateway tests' fixture: the bot's login and `gatewayOn`, which
 * reads a temporary repository's branch against main and opens a gateway
 * over a fresh state file, with a fixed clock.
 */
import { readLocalBranch, type LocalBranch } from '../../src/local/local-branch.js'
import { LocalGateway } from '../../src/local/local-gateway.js'
import { LocalGit } from '../../src/local/local-git.js'
import { emptyState, statePathFor, StateStore } from '../../src/local/local-state-file.js'

export const BOT = 'github-actions[bot]'

/** The git, branch, state store and gateway of `repo` (its branch against main). */
export async function gatewayOn(repo: string, workingTree = false) {
  const git = await LocalGit.find(repo, { PATH: process.env['PATH'], HOME: repo })
  const branch: LocalBranch = await readLocalBranch(git, { base: 'main', workingTree })
  const store = new StateStore(statePathFor(branch.commonDir, branch.branch), emptyState(BOT))
  const now = () => new Date('2026-02-03T04:05:06Z')
  return {
    git,
    branch,
    store,
    gateway: new LocalGateway({ git: git.at(branch.toplevel), branch, store, now })
  }
}
