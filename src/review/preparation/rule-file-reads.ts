/**
 * The rule files of rules by path, read from the BASE commit before the
 * agent starts (never the head's copies: a pull request must not write its
 * own rules): the `.github/instructions/` listing first, then the files
 * `ruleFileCandidates` picks for the changed files, a few requests at a
 * time. A file that cannot be read is left out with a warning naming it; it
 * never stops the review.
 */
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { PathRule, PathInstruction } from '../../core/path-rules/path-rules.js'
import { collectPathRules, type RuleFileText } from '../../core/path-rules/path-rules.js'
import { INSTRUCTIONS_DIRECTORY, ruleFileCandidates } from '../../core/path-rules/rule-files.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import type { ReviewLog } from '../../ports/agent-session.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'

/** Reads in flight at once: a PR touching many folders must not burst dozens of requests. */
export const RULE_READS_AT_ONCE = 8

export interface RuleFileReads {
  /** The rule files the base commit holds, in candidate order. */
  readonly files: readonly RuleFileText[]
  /** Candidates the bound on rule files left unread. */
  readonly leftOut: readonly string[]
  /** One sentence per file that could not be read, naming it. */
  readonly warnings: readonly string[]
}

export interface RuleFileReadInput {
  readonly gateway: Pick<ReviewGateway, 'readFile' | 'listFiles'>
  readonly baseSha: string
  readonly files: Promise<readonly ChangedFile[]>
  /** Base reads made anyway (the root AGENTS.md), reused instead of read twice. */
  readonly known: ReadonlyMap<string, Promise<string | undefined>>
}

/** `read` over `items`, at most `limit` at once, results in the order of `items`. */
async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  read: (item: T) => Promise<R>
): Promise<R[]> {
  const results: R[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next
      next += 1
      results[index] = await read(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

type ReadResult = RuleFileText | { readonly warning: string } | undefined

export async function readRuleFiles(input: RuleFileReadInput): Promise<RuleFileReads> {
  const { gateway, baseSha, known } = input
  const [files, listing] = await Promise.all([
    input.files,
    gateway.listFiles(INSTRUCTIONS_DIRECTORY, baseSha)
  ])
  const candidates = ruleFileCandidates(
    files.map((file) => file.path),
    listing
  )
  const results = await mapBounded(
    candidates.paths,
    RULE_READS_AT_ONCE,
    async (path): Promise<ReadResult> => {
      try {
        const text = await (known.get(path) ?? gateway.readFile(path, baseSha))
        return text === undefined ? undefined : { path, text }
      } catch (error) {
        return { warning: `${path} skipped: it could not be read: ${getErrorMessage(error)}` }
      }
    }
  )
  return {
    files: results.filter(
      (result): result is RuleFileText => result !== undefined && 'path' in result
    ),
    leftOut: candidates.leftOut,
    warnings: results.flatMap((result) =>
      result !== undefined && 'warning' in result ? [result.warning] : []
    )
  }
}

const LOGGED_NAMES = 10

function listed(names: readonly string[]): string {
  const rest = names.length - LOGGED_NAMES
  return `${names.slice(0, LOGGED_NAMES).join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`
}

/**
 * The rules of the base commit's rule files and the effective config's
 * `path_instructions`; every file or entry left out is a warning in the
 * run's log, naming it.
 */
export function pathRulesOf(
  reads: RuleFileReads,
  pathInstructions: readonly PathInstruction[],
  log: ReviewLog
): readonly PathRule[] {
  const collected = collectPathRules(reads.files, pathInstructions)
  for (const warning of [...reads.warnings, ...collected.warnings]) {
    log.warning(`Rules by path: ${warning}`)
  }
  if (reads.leftOut.length > 0) {
    log.info(
      `Rules by path: ${reads.leftOut.length} rule file(s) left unread to bound the requests: ${listed(reads.leftOut)}.`
    )
  }
  if (collected.rules.length > 0) {
    const sources = collected.rules.map((rule) => rule.source)
    log.info(`Rules by path: ${sources.length} rule(s) from ${listed(sources)}.`)
  }
  return collected.rules
}
