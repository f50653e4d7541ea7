/**
 * Local mode's team memory: the learnings the developer taught by dismissing
 * findings, kept in ONE file beside the branches' state files and shared by
 * every branch of the repository (a learning taught on one branch applies on
 * the next). `forget <id>` removes one; `learnings` lists them.
 *
 * The file is written atomically under its own lock (two dismissals on two
 * branches at once must not drop each other's learning). A file that cannot
 * be read as learnings is renamed to `<name>.corrupt-<ISO time>` and
 * reported, as a corrupt state file is; the run then has no learnings.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { getErrorMessage } from '../core/errors/error-message.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import { learningBlock } from '../core/memory/learning-block.js'
import type { LearningBlock } from '../core/memory/rmcoc.js'
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

function parseLearnings(text: string): { parsed: LearningBlock[] } | { problem: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { problem: `not JSON: ${getErrorMessage(error)}` }
  }
  const result = learningsFile.safeParse(json)
  if (result.success) return { parsed: result.data.learnings }
  const issues = formatZodIssues(result.error.issues, json, { root: '(file)' }).slice(0, 5)
  return { problem: `not a learnings file:\n${issues.map((issue) => `- ${issue}`).join('\n')}` }
}

/** Reads the learnings; a missing file is none, a corrupt one is backed up and reported. */
export async function readLocalLearnings(
  path: string,
  now: () => Date = () => new Date()
): Promise<LocalLearnings> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { learnings: [], warnings: [] }
    throw new Error(`could not read the learnings file ${path}: ${getErrorMessage(error)}`)
  }
  const read = parseLearnings(text)
  if ('parsed' in read) return { learnings: read.parsed, warnings: [] }
  const backup = `${path}.corrupt-${now().toISOString()}`
  await rename(path, backup)
  return {
    learnings: [],
    warnings: [
      `The learnings file ${path} could not be read (${read.problem}); it was kept as ${backup} and reviews go on without learnings.`
    ]
  }
}

async function writeLearnings(path: string, learnings: readonly LearningBlock[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  const text = JSON.stringify(learningsFile.parse({ version: 1, learnings }), null, 2)
  try {
    await writeFile(temp, `${text}\n`, { mode: 0o600 })
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw new Error(`could not write the learnings file ${path}: ${getErrorMessage(error)}`)
  }
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
