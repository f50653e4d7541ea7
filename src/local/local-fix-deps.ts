/**
 * Fix mode's steps on a local branch (FixLoopDeps): the findings read back
 * from the branch's state file, the fixer's round in an opencode sandbox
 * over a copy of the head (the same as on a runner), the repository's
 * verification commands in a throwaway copy of the fix with a scrubbed
 * environment, a real commit on the branch per round, and a local review of
 * that commit, incremental from the head reviewed before it.
 */
import type { Config } from '../config/action-config.js'
import type { FixSettings } from '../config/repo-config.js'
import { rebuildRunState } from '../core/memory/threads.js'
import { runFixerRound } from '../fix/fixer-round.js'
import { opencodeFixerSandbox } from '../opencode/fixer-workspace.js'
import type { FixLoopDeps } from '../ports/fix-loop.js'
import type { FixerSandbox } from '../ports/fixer-sandbox.js'
import { verifyInCopy } from '../process/verification-copy.js'
import { FIXER_PROMPTS } from '../review/prompts/fixer-prompts.js'
import { localAgentOptions, type LocalAgentInput } from './local-deps.js'
import { commitFixLocally } from './local-fix-commit.js'
import type { LocalGit } from './local-git.js'
import { loadState } from './local-state-file.js'

export interface LocalFixDepsInput {
  readonly config: Config
  /** git in the work tree's root. */
  readonly git: LocalGit
  /** The branch the commits go on. */
  readonly branch: string
  readonly statePath: string
  /** fix.verify and fix.timeout_minutes of the base's repository config. */
  readonly settings: FixSettings
  /** The agent's credentials, environment and log. */
  readonly agent: LocalAgentInput
  /** Exact values never to reach a commit message or a verification command's environment. */
  readonly secrets: readonly string[]
  /** The deadline of each of the fixer's turns. */
  readonly deadlineMs: number
  /** Reviews the branch's new head `head` (the fix commit). */
  readonly reviewHead: (head: string) => Promise<void>
}

/** The fixer's sandbox: opencode over a copy of `directory`, as on a runner. */
function localSandbox(input: LocalFixDepsInput): FixerSandbox {
  return async (directory) => {
    const options = await localAgentOptions(input.agent, directory)
    return opencodeFixerSandbox(input.config, options)(directory)
  }
}

export function localFixDeps(input: LocalFixDepsInput): FixLoopDeps {
  const { agent } = input
  return {
    async openFindings() {
      const { state } = await loadState(input.statePath)
      if (state === undefined) return []
      return rebuildRunState({
        threads: state.threads,
        issueComments: [],
        botLogins: [state.botLogin]
      }).state.threads
    },
    runFixer: (round) =>
      runFixerRound(round, {
        sandbox: localSandbox(input),
        prompts: FIXER_PROMPTS,
        deadlineMs: input.deadlineMs
      }),
    verify: (directory) =>
      verifyInCopy(directory, {
        commands: input.settings.verify,
        timeoutMs: input.settings.timeoutMinutes * 60_000,
        env: agent.env,
        secrets: input.secrets,
        log: (line) => agent.log.info(line)
      }),
    commit: (commit) => commitFixLocally(input.git, { ...commit, branch: input.branch }),
    reReview: ({ head }) => input.reviewHead(head),
    log: agent.log
  }
}
