/**
 * Local mode's outcomes: each branch's state file keeps its settled
 * findings, each counted once (`outcomes`), the way the memory issue keeps a
 * pull request's outcomes comment. They are counted after every local review
 * and dismissal; a finding the developer dismissed counts as dismissed.
 * `stats` without a repository reads every branch's file of the repository,
 * each branch counted like one pull request.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { OutcomesBlock } from '../core/memory/rmcoc.js'
import { outcomeEntries } from '../core/team-memory/outcome-entries.js'
import { mergeOutcomes } from '../core/team-memory/outcome-merge.js'
import { localFindingId, rebuiltThreads } from './local-findings.js'
import { LOCAL_PR_NUMBER } from './local-gateway.js'
import { parseState, STATE_DIR, type LocalState } from './local-state-file.js'

/** Counts the branch's newly settled findings into `state.outcomes`; returns how many. */
export function countLocalOutcomes(state: LocalState, now: Date): number {
  const dismissed = new Set(state.dismissals.map((dismissal) => dismissal.id))
  const threads = rebuiltThreads(state)
  const entries = outcomeEntries(threads, now).map((entry) => {
    const thread = threads.find((t) => t.id === entry.thread)
    const isDismissed = thread !== undefined && dismissed.has(localFindingId(thread))
    return isDismissed ? { ...entry, outcome: 'dismissed' as const } : entry
  })
  const existing = { kind: 'outcomes' as const, pr: LOCAL_PR_NUMBER, entries: state.outcomes }
  const merged = mergeOutcomes(existing, LOCAL_PR_NUMBER, entries)
  state.outcomes = merged.block.entries
  return merged.added.length
}

export interface LocalOutcomes {
  /** One block per branch with a state file (numbered in name order). */
  readonly blocks: readonly OutcomesBlock[]
  readonly branches: number
  /** State files that could not be read, named; they are left as they are. */
  readonly warnings: readonly string[]
}

async function stateFileNames(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name.endsWith('.json')).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw new Error(`could not list the state files in ${folder}: ${getErrorMessage(error)}`)
  }
}

/** Every branch's outcomes under the git common dir `commonDir`; nothing is renamed or written. */
export async function readLocalOutcomes(commonDir: string): Promise<LocalOutcomes> {
  const folder = join(commonDir, STATE_DIR)
  const blocks: OutcomesBlock[] = []
  const warnings: string[] = []
  for (const name of await stateFileNames(folder)) {
    const path = join(folder, name)
    const read = parseState(await readFile(path, 'utf8'))
    if ('problem' in read) {
      warnings.push(`The state file ${path} was skipped: ${read.problem}`)
      continue
    }
    blocks.push({ kind: 'outcomes', pr: blocks.length + 1, entries: read.parsed.outcomes })
  }
  return { blocks, branches: blocks.length, warnings }
}
