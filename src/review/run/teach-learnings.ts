/**
 * After the answers and the dispute rule: the threads that teach (settled
 * in this run with a developer's reason, or given a new thumbs-down by a
 * collaborator with write access) and are not taught yet get ONE more
 * prompt in the session, whose `record_team_learning` calls become
 * learnings in the team's memory. No candidate, no prompt. Each thread is
 * offered once: a thread the model declined to teach from is not asked
 * about again when it settled in an earlier run, nor for a reaction the
 * last review already saw. A thread whose teaching did not complete (the
 * prompt failed, or its learning was not kept) is offered once more by the
 * next full review: the run record names it.
 */
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { ThreadState } from '../../core/memory/run-state.js'
import type { PassMetrics } from '../../core/reports/run-report.js'
import {
  givenAfter,
  learningCandidates,
  type LearningCandidate,
  type ThumbsDown
} from '../../core/team-memory/learning-candidates.js'
import type { ActorDirectory } from '../../ports/actor-directory.js'
import type { AgentSession, AgentTurn, ReviewLog } from '../../ports/agent-session.js'
import { LearningDesk } from '../memory/learning-desk.js'
import type { TeamMemory } from '../memory/team-memory.js'
import { hasWriteAccess } from '../preparation/developers.js'
import { buildLearningsPrompt } from '../prompts/learnings-prompt.js'
import type { ActionReviewTools } from '../tools/action-review-tools.js'

/** Bot threads whose reactions are read at most (one request each). */
export const MAX_REACTION_READS = 30

export interface TeachInput {
  readonly session: AgentSession
  readonly tools: ActionReviewTools
  readonly memory: TeamMemory
  readonly prNumber: number
  readonly directory: ActorDirectory
  readonly deadlineMs: number
  readonly log: ReviewLog
  readonly now: () => Date
  /**
   * A full review reads the 👎 on the bot's findings given since `since`
   * (the last run record's time; undefined before any); a threads-only run
   * reads none.
   */
  readonly reactions?: { readonly since: string | undefined }
  /** Threads the last run could not finish teaching from: offered once more in this one. */
  readonly offeredAgain?: ReadonlySet<string>
}

/** The threads this run settled (conceded, resolved or left to the developer's call). */
export function settledInRun(tools: ActionReviewTools): Set<string> {
  return new Set(
    tools.threadOutcomes
      .filter((o) => o.action === 'conceded' || o.action === 'resolved')
      .map((o) => o.thread.id)
  )
}

/** A thread whose finding may still be thumbed down: a review thread the code did not fix. */
const reactable = (thread: ThreadState): boolean =>
  thread.origin !== 'summary' && thread.root_comment_id > 0 && thread.resolution !== 'fixed'

async function isWriter(input: TeachInput, login: string): Promise<boolean> {
  try {
    return await hasWriteAccess(input.directory, login)
  } catch (error) {
    // Fail closed: a reactor whose access cannot be read does not teach.
    input.log.debug(`Could not read the permission of ${login}: ${getErrorMessage(error)}`)
    return false
  }
}

/** The 👎 reactions on the bot's findings, each reactor checked for write access once. */
async function thumbsDownOf(
  input: TeachInput,
  threads: readonly ThreadState[]
): Promise<ThumbsDown[]> {
  if (input.reactions === undefined) return []
  const { since } = input.reactions
  const writers = new Map<string, boolean>()
  const out: ThumbsDown[] = []
  for (const thread of threads.filter(reactable).slice(0, MAX_REACTION_READS)) {
    for (const { login, createdAt } of await input.memory.thumbsDown(thread.root_comment_id)) {
      // An old reaction needs no permission read: it teaches nothing now (unless offered again).
      if (!givenAfter(createdAt, since) && input.offeredAgain?.has(thread.id) !== true) continue
      const key = login.toLowerCase()
      if (!writers.has(key)) writers.set(key, await isWriter(input, login))
      out.push({ threadId: thread.id, login, isWriter: writers.get(key) === true, createdAt })
    }
  }
  return out
}

/**
 * True when a thread this run settled may teach (before the memory is read:
 * a run where nothing settled with a reason needs no memory to know it).
 */
export function settledThreadsTeach(tools: ActionReviewTools, prNumber: number): boolean {
  return (
    learningCandidates({
      pr: prNumber,
      threads: tools.liveState().threads,
      learnings: [],
      settledInRun: settledInRun(tools)
    }).length > 0
  )
}

/** What teaching did in a run. */
export interface TeachingResult {
  /** Learnings recorded (or accepted, in a dry run). */
  readonly recorded: number
  /** The learnings prompt's row of the pass table; absent when no prompt was sent. */
  readonly step?: PassMetrics
  /**
   * Threads whose teaching did not complete in this run and were not
   * offered again already: the next run offers them once more.
   */
  readonly untaught: readonly string[]
}

const NOTHING_TAUGHT: TeachingResult = { recorded: 0, untaught: [] }

/** Why the learnings turn failed (an error, or the deadline); undefined when it ended idle. */
function turnFailure(turn: AgentTurn): string | undefined {
  if (turn.error !== undefined) return turn.error.message
  return turn.ending === 'deadline' ? 'the turn ran past its deadline' : undefined
}

/**
 * The learnings prompt's turn counted like a pass's: its requests, tokens
 * and cost in the run's totals, under its own label.
 */
function learningsStep(
  turn: AgentTurn | undefined,
  durationMs: number,
  failure: string | undefined
): PassMetrics {
  return {
    number: LEARNINGS_STEP_NUMBER,
    label: 'learnings',
    completed: failure === undefined,
    durationMs,
    inputTokens: turn?.tokens.input ?? 0,
    outputTokens: turn?.tokens.output ?? 0,
    costUsd: turn?.cost ?? 0,
    requests: turn?.steps ?? 0,
    ...(failure === undefined ? {} : { note: failure })
  }
}

/** The learnings prompt comes after the four passes (and before the confirmation row, also 5). */
const LEARNINGS_STEP_NUMBER = 5

/** Sends the learnings prompt with `desk` open; a session that throws is a failed turn. */
async function promptLearnings(
  input: TeachInput,
  candidates: readonly LearningCandidate[],
  desk: LearningDesk
): Promise<{ readonly step: PassMetrics; readonly failure: string | undefined }> {
  const started = Date.now()
  let turn: AgentTurn | undefined
  let failure: string | undefined
  input.tools.learningDesk = desk
  try {
    turn = await input.session.prompt(buildLearningsPrompt(candidates), {
      deadlineMs: input.deadlineMs
    })
    failure = turnFailure(turn)
  } catch (error) {
    failure = `the agent session failed: ${getErrorMessage(error)}`
    input.tools.warnings.push(`Recording what the team taught failed: ${failure}`)
  } finally {
    input.tools.learningDesk = undefined
  }
  if (failure !== undefined) input.log.warning(`The learnings prompt failed: ${failure}`)
  return { step: learningsStep(turn, Date.now() - started, failure), failure }
}

/** The threads that would be offered before any reaction is read (what a failed read leaves untaught). */
function settledCandidates(input: TeachInput): string[] {
  return learningCandidates({
    pr: input.prNumber,
    threads: input.tools.liveState().threads,
    learnings: input.memory.learnings,
    settledInRun: settledInRun(input.tools),
    ...(input.offeredAgain === undefined ? {} : { offeredAgain: input.offeredAgain })
  }).map((candidate) => candidate.thread)
}

export async function teachLearnings(input: TeachInput): Promise<TeachingResult> {
  const { memory, tools, log } = input
  if (!memory.writable) return NOTHING_TAUGHT
  const threads = tools.liveState().threads
  const candidates = learningCandidates({
    pr: input.prNumber,
    threads,
    thumbsDown: await thumbsDownOf(input, threads),
    learnings: memory.learnings,
    settledInRun: settledInRun(tools),
    reactionsSince: input.reactions?.since,
    ...(input.offeredAgain === undefined ? {} : { offeredAgain: input.offeredAgain })
  })
  if (candidates.length === 0) {
    log.debug('Team memory: no settled thread teaches anything new.')
    return NOTHING_TAUGHT
  }
  const desk = new LearningDesk(candidates, memory, input.now)
  const { step, failure } = await promptLearnings(input, candidates, desk)
  log.info(
    `Team memory: ${desk.recorded.size} learning(s) from ${candidates.length} teaching thread(s).`
  )
  // Offered once more already: not carried again, whatever happened.
  const untaught = desk
    .untaught(failure !== undefined)
    .filter((thread) => input.offeredAgain?.has(thread) !== true)
  return { recorded: desk.recorded.size, step, untaught }
}

/** Teaching never costs the run its review or answer: a failure only warns. */
export async function teachOrWarn(input: TeachInput): Promise<TeachingResult> {
  try {
    return await teachLearnings(input)
  } catch (error) {
    const warning = `Recording what the team taught failed: ${getErrorMessage(error)}`
    input.tools.warnings.push(warning)
    input.log.warning(warning)
    // Failed before the prompt (reading the reactions): nothing was offered.
    return { recorded: 0, untaught: settledCandidates(input) }
  }
}
