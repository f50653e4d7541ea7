/**
 * What the primary reviewer's session does after its passes, before its
 * agent stops: the dispute rule takes what the agent left disputed (once it
 * has read every reply: pass 1 of the primary, where fix verification
 * answers threads, must have completed), then the threads that taught
 * something get the learnings prompt in the same session. Teaching never
 * costs the review: its failure only warns, and the threads it could not
 * finish are reported for the run record (the next run offers them once
 * more). A run that stops before teaching keeps the last record's.
 */
import type { Config } from '../../config/action-config.js'
import type { ActorDirectory } from '../../ports/actor-directory.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import type { TeamMemory } from '../memory/team-memory.js'
import type { AfterPasses, AfterPassesReport } from '../passes/reviewers.js'
import type { PreparedRun } from '../preparation/prepare-run.js'
import { settleRemainingDisputes } from './settle-disputes.js'
import { teachOrWarn } from './teach-learnings.js'

/** The team's memory in a full review, and who may teach it (write access). */
export interface TeamMemoryRun {
  readonly memory: TeamMemory
  readonly directory: ActorDirectory
}

export function afterPassesOfRun(
  prepared: PreparedRun,
  config: Config,
  deps: ReviewEngineDeps,
  team: TeamMemoryRun | undefined
): AfterPasses {
  return async (tools, run, session) => {
    if (run.fatal !== undefined || run.passes[0]?.completed !== true) {
      // Nothing was offered: the threads the last run could not teach still wait.
      const untaught = prepared.record?.untaught ?? []
      return team === undefined ? undefined : { steps: [], untaught }
    }
    await settleRemainingDisputes({
      gateway: prepared.gateway,
      tools,
      pr: prepared.context.pr,
      config,
      secrets: deps.secrets,
      log: deps.log
    })
    if (team === undefined) return undefined
    const taught = await teachOrWarn({
      session,
      tools,
      memory: team.memory,
      prNumber: prepared.context.pr.number,
      directory: team.directory,
      deadlineMs: deps.passDeadlineMs ?? config.passTimeoutMinutes * 60_000,
      log: deps.log,
      now: () => deps.now(),
      // The last review read the reactions given before its record.
      reactions: { since: prepared.record?.reviewedAt },
      offeredAgain: new Set(prepared.record?.untaught ?? [])
    })
    const report: AfterPassesReport = {
      steps: taught.step === undefined ? [] : [taught.step],
      untaught: taught.untaught
    }
    return report
  }
}
