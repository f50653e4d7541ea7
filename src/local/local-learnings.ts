/**
 * Local mode's team memory: the learnings the developer taught by dismissing
 * findings, kept in ONE file beside the branches' state files and shared by
 * every branch of the repository (a learning taught on one branch applies on
 * the next). `forget <id>` removes one; `learnings` lists them.
 *
 * The file is written atomically under its own lock (two dismissals on two
 * branches at once must not drop each other's learning). A file that cannot
 * be read as learnings is set aside and reported, as a corrupt state file
 * is; the run then has no learnings.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { learningBlock } from '../core/memory/learning-block.js'
import type { LearningBlock } from '../core/memory/rmcoc.js'
import {
  parseJsonFile,
  readKeptFile,
  writeKeptFile,
  type KeptFile,
  type ParsedFile
} from './local-json-file.js'
import { lockState } from './local-lock.js'
import { STATE_DIR } from './local-state-file.js'
import { LocalUsageError } from './local-usage-error.js'

/** At most this many learnings are kept; the oldest go first. */
export const MAX_LOCAL_LEARNINGS = 500

const learningsFile = z.object({
  version: z.literal(1),
  learnings: z.array(learningBlock).max(MAX_LOCAL_LEARNINGS)
})

/** The learnings file of the repository whose git common dir is `commonDir`. */
export function learningsPathFor(commonDir: string): string {
  // A folder of its own: every *.json directly in STATE_DIR is a branch's state file.
  return join(commonDir, STATE_DIR, 'team', 'learnings.json')
}

export interface LocalLearnings {
  /** Oldest first. */
  readonly learnings: readonly LearningBlock[]
  /** A corrupt file and where its backup went. */
  readonly warnings: readonly string[]
}

function parseLearnings(text: string): ParsedFile<LearningBlock[]> {
  const read = parseJsonFile(text, learningsFile, 'a learnings file')
  return 'parsed' in read ? { parsed: read.parsed.learnings } : read
}

const LEARNINGS_FILE: KeptFile = {
  what: 'learnings file',
  instead: 'reviews go on without learnings'
}

/** Reads the learnings; a missing file is none, a corrupt one is backed up and reported. */
export async function readLocalLearnings(
  path: string,
  now: () => Date = () => new Date()
): Promise<LocalLearnings> {
  const read = await readKeptFile(path, LEARNINGS_FILE, parseLearnings, now)
  return { learnings: read.value ?? [], warnings: read.warnings }
}

async function writeLearnings(path: string, learnings: readonly LearningBlock[]): Promise<void> {
  await writeKeptFile(
    path,
    LEARNINGS_FILE.what,
    () => `${JSON.stringify(learningsFile.parse({ version: 1, learnings }), null, 2)}\n`
  )
}

/** Reads, changes and writes the file while holding its lock; returns what `change` returned. */
async function changeLearnings<T>(
  path: string,
  change: (learnings: LearningBlock[], read: LocalLearnings) => T
): Promise<{ result: T; warnings: readonly string[] }> {
  const lock = await lockState(path, 'the team learnings')
  try {
    const read = await readLocalLearnings(path)
    const learnings = [...read.learnings]
    const result = change(learnings, read)
    await writeLearnings(path, learnings)
    return { result, warnings: [...lock.warnings, ...read.warnings] }
  } finally {
    await lock.release()
  }
}

/**
 * Keeps `learning` (the same id twice is kept once); past
 * MAX_LOCAL_LEARNINGS the oldest is dropped. Returns the file's warnings.
 */
export async function addLocalLearning(
  path: string,
  learning: LearningBlock
): Promise<readonly string[]> {
  const changed = await changeLearnings(path, (learnings) => {
    if (learnings.some((kept) => kept.id === learning.id)) return
    learnings.push(learning)
    learnings.splice(0, Math.max(0, learnings.length - MAX_LOCAL_LEARNINGS))
  })
  return changed.warnings
}

/** Forgets learning `id`; LocalUsageError naming the id and listing the known ones when unknown. */
export async function forgetLocalLearning(path: string, id: string): Promise<LearningBlock> {
  const wanted = id.trim()
  const changed = await changeLearnings(path, (learnings) => {
    const index = learnings.findIndex((learning) => learning.id === wanted)
    const found = learnings[index]
    if (found === undefined) {
      const known =
        learnings.length === 0
          ? 'no learning is kept in this repository'
          : `the learnings are: ${learnings.map((learning) => learning.id).join(', ')}`
      throw new LocalUsageError(`no learning ${JSON.stringify(id)}: ${known}`)
    }
    learnings.splice(index, 1)
    return found
  })
  return changed.result
}
