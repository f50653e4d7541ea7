/**
 * The state file of a local review: what the bot "wrote" on the branch (its
 * review threads, conversation comments and check runs, with the exact
 * bodies it would post on GitHub), so later runs rebuild their state from it
 * the way they rebuild it from a pull request. One file per branch, under
 * the repository's git common dir (shared by its worktrees, never tracked).
 *
 * Written atomically, so a killed run leaves the old file or the new one,
 * never half of one. A file that cannot be read as state is not silently
 * dropped: it is renamed to `<name>.corrupt-<ISO time>` (the developer's
 * backup) and the caller gets a warning to print; the run then starts from
 * empty state.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { MAX_OUTCOME_ENTRIES, outcomeEntry } from '../core/memory/outcomes-block.js'
import {
  parseJsonFile,
  readKeptFile,
  writeKeptFile,
  type KeptFile,
  type ParsedFile
} from './local-json-file.js'

/** The folder under the git common dir that holds every branch's state file. */
export const STATE_DIR = 'review-my-code-bot'

const id = z.number().int()
const author = z.object({ login: z.string().min(1), isBot: z.boolean() }).nullable()
const line = z.number().int().min(1).nullable()

const storedComment = z.object({
  id,
  nodeId: z.string().min(1),
  author,
  body: z.string(),
  createdAt: z.string(),
  path: z.string(),
  line,
  originalLine: line
})

const storedThread = z.object({
  id: z.string().min(1),
  isResolved: z.boolean(),
  resolvedBy: z.string().nullable(),
  isOutdated: z.boolean(),
  path: z.string(),
  line,
  originalLine: line,
  /** The commit `originalLine` counts in; `line` is it moved to the last reviewed head. */
  commitId: z.string().optional(),
  comments: z.array(storedComment).min(1)
})

const storedIssueComment = z.object({
  id,
  nodeId: z.string().min(1),
  author,
  body: z.string(),
  createdAt: z.string()
})

const storedCheckRun = z.object({
  id,
  name: z.string(),
  appSlug: z.string().nullable(),
  headSha: z.string(),
  status: z.enum(['in_progress', 'completed']),
  conclusion: z.string().nullable(),
  completedAt: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  text: z.string()
})

/** The developer's call on a finding, with their reason (also in its thread, when it has one). */
const storedDismissal = z.object({
  id: z.string(),
  reason: z.string(),
  developer: z.string(),
  at: z.string()
})

const stateSchema = z.object({
  version: z.literal(1),
  /** The login the bot's comments carry (the first of bot_logins when they were written). */
  botLogin: z.string().min(1),
  /** The last id handed out to a comment, thread or check run. */
  lastId: z.number().int().min(0),
  threads: z.array(storedThread),
  issueComments: z.array(storedIssueComment),
  checkRuns: z.array(storedCheckRun),
  dismissals: z.array(storedDismissal).default([]),
  /** The branch's settled findings, each counted once (what `stats` reads). */
  outcomes: z.array(outcomeEntry).max(MAX_OUTCOME_ENTRIES).default([])
})

export type LocalState = z.output<typeof stateSchema>
export type StoredThread = z.output<typeof storedThread>
export type StoredComment = z.output<typeof storedComment>
export type StoredCheckRun = z.output<typeof storedCheckRun>

export function emptyState(botLogin: string): LocalState {
  return {
    version: 1,
    botLogin,
    lastId: 0,
    threads: [],
    issueComments: [],
    checkRuns: [],
    dismissals: [],
    outcomes: []
  }
}

/**
 * The state file of `branch`: its name made file-safe and one-to-one (a
 * slash becomes %2F, so `feat/x` and `feat_x` never share a file).
 */
export function statePathFor(commonDir: string, branch: string): string {
  const safe = encodeURIComponent(branch).replace(/[*]/g, '%2A')
  return join(commonDir, STATE_DIR, `${safe}.json`)
}

export interface LoadedState {
  /** undefined when there is no state file yet (or it was corrupt and set aside). */
  readonly state: LocalState | undefined
  /** For the developer: a corrupt file and where its backup went. */
  readonly warnings: readonly string[]
}

/** `text` as a state file, or why it is not one. */
export function parseState(text: string): ParsedFile<LocalState> {
  return parseJsonFile(text, stateSchema, 'a local review state')
}

const STATE_FILE: KeptFile = {
  what: 'state file',
  instead: 'this run starts from empty state (earlier findings are not known to it)'
}

/** Reads the state file; a corrupt one is backed up, reported and read as no state. */
export async function loadState(
  path: string,
  now: () => Date = () => new Date()
): Promise<LoadedState> {
  const read = await readKeptFile(path, STATE_FILE, parseState, now)
  return { state: read.value, warnings: read.warnings }
}

/** Writes `state` atomically: a temp file beside the target, then a rename over it. */
export async function saveState(path: string, state: LocalState): Promise<void> {
  await writeKeptFile(
    path,
    STATE_FILE.what,
    () => `${JSON.stringify(stateSchema.parse(state), null, 2)}\n`
  )
}

/**
 * The state of one run in memory, saved after every change. Saves run one
 * after the other, each writing the whole current state, so the file always
 * ends up holding the latest one.
 */
export class StateStore {
  private queue: Promise<void> = Promise.resolve()

  constructor(
    readonly path: string,
    readonly state: LocalState
  ) {}

  /** A fresh id for a comment, thread or check run. */
  nextId(): number {
    this.state.lastId += 1
    return this.state.lastId
  }

  /** Applies `change` to the state and saves it; resolves once this state is on disk. */
  async update<T>(change: (state: LocalState) => T): Promise<T> {
    const result = change(this.state)
    const saved = this.queue.then(() => saveState(this.path, this.state))
    this.queue = saved.catch(() => undefined)
    await saved
    return result
  }
}
