/**
 * Which comments of the memory issue are memory: the bot's own (one of
 * `bot_logins`, with the bot marker) whose last rmcoc block is a `learning`
 * or an `outcomes` block, and, with a `state_key`, whose block is signed
 * for the memory issue. Anything else that carries a block is forged or
 * broken: it is left out and counted.
 */
import { readComment } from '../../core/memory/bot-comments.js'
import type { LearningBlock, OutcomesBlock } from '../../core/memory/rmcoc.js'
import { verifyBody, type SignatureScope } from '../../core/memory/state-signature.js'
import type { MemoryComment } from '../../ports/team-memory-store.js'

export interface MemoryReadingOptions {
  readonly botLogins: readonly string[]
  /** '' when state is not signed. */
  readonly stateKey: string
  /** The memory issue: a signature made for another issue or PR does not verify. */
  readonly scope: SignatureScope
}

export interface KeptLearning {
  readonly commentId: number
  readonly block: LearningBlock
}

export interface KeptOutcomes {
  readonly commentId: number
  readonly block: OutcomesBlock
}

export interface MemoryReading {
  readonly learnings: readonly KeptLearning[]
  readonly outcomes: readonly KeptOutcomes[]
  /** Why each comment carrying a block was left out, e.g. "comment 12: author ... not in bot_logins". */
  readonly ignored: readonly string[]
}

const carriesBlock = (body: string): boolean => body.includes('```rmcoc')

type Kept =
  | { readonly learning: KeptLearning }
  | { readonly outcomes: KeptOutcomes }
  | { readonly ignored: string }
  | undefined

function readOne(comment: MemoryComment, options: MemoryReadingOptions): Kept {
  let body = comment.body
  if (!carriesBlock(body)) return undefined
  const where = `comment ${comment.id}`
  if (options.stateKey !== '') {
    const verified = verifyBody(body, options.stateKey, options.scope)
    if (verified.check !== 'valid') {
      return { ignored: `${where}: its block is ${verified.check} for the state_key` }
    }
    body = verified.body
  }
  const reading = readComment({ author: comment.author, body }, options.botLogins)
  if (reading.origin !== 'bot') {
    return { ignored: `${where}: ${reading.problem ?? 'not the bot’s comment'}` }
  }
  const block = reading.block
  if (block?.kind === 'learning') return { learning: { commentId: comment.id, block } }
  if (block?.kind === 'outcomes') return { outcomes: { commentId: comment.id, block } }
  return {
    ignored: `${where}: ${reading.problem ?? `a ${block?.kind ?? 'missing'} block is no memory`}`
  }
}

/** The memory in `comments` (oldest first), each comment read on its own. */
export function readMemoryComments(
  comments: readonly MemoryComment[],
  options: MemoryReadingOptions
): MemoryReading {
  const learnings: KeptLearning[] = []
  const outcomes: KeptOutcomes[] = []
  const ignored: string[] = []
  for (const comment of comments) {
    const kept = readOne(comment, options)
    if (kept === undefined) continue
    if ('learning' in kept) learnings.push(kept.learning)
    else if ('outcomes' in kept) outcomes.push(kept.outcomes)
    else ignored.push(kept.ignored)
  }
  return { learnings, outcomes, ignored }
}
