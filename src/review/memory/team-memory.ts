/**
 * The team's memory for one run: read once (ONE paginated read of the
 * memory issue's comments; a missing issue is no memory and nothing is
 * created on read), and written one learning at a time and one outcomes
 * comment per PR, edited in place (the issue created
 * on first use, each comment signed for the memory issue when a
 * `state_key` is set). A store that is refused (the token lacks
 * `issues: write`, issues are off) warns once; from then on the run has no
 * memory and writes none.
 */
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { OutcomeEntry } from '../../core/memory/outcomes-block.js'
import type { LearningBlock, OutcomesBlock } from '../../core/memory/rmcoc.js'
import { signBody } from '../../core/memory/state-signature.js'
import { mergeOutcomes } from '../../core/team-memory/outcome-merge.js'
import type { ReviewLog } from '../../ports/agent-session.js'
import type {
  MemoryIssueRef,
  MemoryStoreForbidden,
  TeamMemoryStore,
  ThumbsDownReaction
} from '../../ports/team-memory-store.js'
import { learningCommentBody } from './learning-comment.js'
import { readMemoryComments, type KeptOutcomes } from './memory-reading.js'
import { outcomesCommentBody } from './outcomes-comment.js'

export interface TeamMemoryOptions {
  readonly owner: string
  readonly repo: string
  readonly botLogins: readonly string[]
  /** '' when state is not signed. */
  readonly stateKey: string
  readonly secrets: readonly string[]
  /** dry_run: learnings are logged, never written. */
  readonly dryRun: boolean
  readonly log: ReviewLog
}

export type RecordLearningResult =
  | { readonly kind: 'recorded'; readonly url: string }
  | { readonly kind: 'dry-run' }
  | { readonly kind: 'unavailable'; readonly reason: string }

/** What counting a PR's settled threads did to its outcomes comment. */
export interface RecordOutcomesResult {
  /** The PR's block with this run's entries merged in (what the rates count). */
  readonly block: OutcomesBlock
  readonly added: number
  readonly write: 'posted' | 'updated' | 'unchanged' | 'dry-run' | 'unavailable'
}

export class TeamMemory {
  /** Set once a refusal was warned about: nothing more is read or written. */
  private refused: string | undefined
  private issue: MemoryIssueRef | undefined

  private constructor(
    private readonly store: TeamMemoryStore | undefined,
    private readonly options: TeamMemoryOptions | undefined,
    /** The learnings kept in the memory issue when the run started, oldest first. */
    readonly learnings: readonly LearningBlock[],
    /** The outcomes comments kept there, oldest first; a PR's own is edited in place. */
    private kept: readonly KeptOutcomes[]
  ) {}

  /** The outcomes blocks kept in the memory issue (with this run's counts once recorded). */
  get outcomes(): readonly OutcomesBlock[] {
    return this.kept.map((kept) => kept.block)
  }

  /** No memory: team_memory is off, or this mode has no store. */
  static none(): TeamMemory {
    return new TeamMemory(undefined, undefined, [], [])
  }

  /**
   * The learnings a mode keeps itself (local mode's file), used by the
   * review and never written by it: nothing is taught or counted here.
   */
  static readOnly(learnings: readonly LearningBlock[]): TeamMemory {
    return new TeamMemory(undefined, undefined, learnings, [])
  }

  /** Reads the memory issue once; a refusal or a failed read is a run without memory. */
  static async load(store: TeamMemoryStore, options: TeamMemoryOptions): Promise<TeamMemory> {
    const memory = new TeamMemory(store, options, [], [])
    try {
      return await memory.read()
    } catch (error) {
      options.log.warning(
        `The team memory could not be read (${getErrorMessage(error)}); the review goes on without it.`
      )
      return memory
    }
  }

  /** True when learnings can be recorded in this run. */
  get writable(): boolean {
    return this.store !== undefined && this.refused === undefined
  }

  private async read(): Promise<TeamMemory> {
    const { store, options } = this.required()
    const found = await store.findMemoryIssue()
    if (found.kind === 'forbidden') return this.refuse(found)
    if (found.kind === 'missing') {
      options.log.debug('Team memory: no memory issue yet, so no learnings.')
      return this
    }
    const listed = await store.listMemoryComments(found.issue)
    if (listed.kind === 'forbidden') return this.refuse(listed)
    const reading = readMemoryComments(listed.comments, {
      botLogins: options.botLogins,
      stateKey: options.stateKey,
      scope: { owner: options.owner, repo: options.repo, number: found.issue.number }
    })
    if (reading.ignored.length > 0) {
      options.log.debug(
        `Team memory: ${reading.ignored.length} comment(s) of issue #${found.issue.number} ignored: ${reading.ignored.join('; ')}`
      )
    }
    options.log.info(
      `Team memory: ${reading.learnings.length} learning(s) read from issue #${found.issue.number}.`
    )
    const loaded = new TeamMemory(
      store,
      options,
      reading.learnings.map((kept) => kept.block),
      reading.outcomes
    )
    loaded.issue = found.issue
    return loaded
  }

  private required(): { store: TeamMemoryStore; options: TeamMemoryOptions } {
    if (this.store === undefined || this.options === undefined) {
      throw new Error('this run has no team memory store')
    }
    return { store: this.store, options: this.options }
  }

  private refuse(forbidden: MemoryStoreForbidden): this {
    if (this.refused === undefined) this.options?.log.warning(forbidden.warning)
    this.refused = forbidden.warning
    return this
  }

  /** The memory issue, created when there is none yet. */
  private async memoryIssue(): Promise<MemoryIssueRef | MemoryStoreForbidden> {
    if (this.issue !== undefined) return this.issue
    const { store } = this.required()
    const found = await store.findMemoryIssue()
    if (found.kind === 'forbidden') return found
    if (found.kind === 'found') return (this.issue = found.issue)
    const created = await store.createMemoryIssue()
    if (created.kind === 'forbidden') return created
    return (this.issue = created.issue)
  }

  /**
   * Who reacted 👎 to the review comment `commentId`, and when; [] without a store or
   * when reading reactions is refused (warned once: it needs another
   * permission than the memory issue, so the memory stays usable).
   */
  async thumbsDown(commentId: number): Promise<readonly ThumbsDownReaction[]> {
    if (this.store === undefined) return []
    if (this.reactionsRefused) return []
    const listed = await this.store.listThumbsDown(commentId)
    if (listed.kind === 'listed') return listed.reactions
    this.reactionsRefused = true
    this.options?.log.warning(listed.warning)
    return []
  }

  private reactionsRefused = false

  /** `body` signed for the memory issue when a state_key is set. */
  private signed(body: string, issue: MemoryIssueRef): string {
    const { options } = this.required()
    if (options.stateKey === '') return body
    return signBody(body, options.stateKey, {
      owner: options.owner,
      repo: options.repo,
      number: issue.number
    })
  }

  /** Posts `learning` as one comment of the memory issue. */
  async record(learning: LearningBlock): Promise<RecordLearningResult> {
    if (!this.writable) {
      return { kind: 'unavailable', reason: this.refused ?? 'team memory is off in this run' }
    }
    const { store, options } = this.required()
    if (options.dryRun) {
      options.log.info(`dry run: team learning ${learning.id} not written: ${learning.rule}`)
      return { kind: 'dry-run' }
    }
    const issue = await this.memoryIssue()
    if ('kind' in issue) {
      this.refuse(issue)
      return { kind: 'unavailable', reason: issue.warning }
    }
    const signed = this.signed(learningCommentBody(learning, options.secrets), issue)
    const written = await store.postMemoryComment(issue, signed)
    if (written.kind === 'forbidden') {
      this.refuse(written)
      return { kind: 'unavailable', reason: written.warning }
    }
    options.log.info(`Team learning ${learning.id} recorded: ${written.comment.url}`)
    return { kind: 'recorded', url: written.comment.url }
  }

  /**
   * Counts `entries` (this PR's settled threads) into the PR's ONE outcomes
   * comment: merged with its block read at the start of the run, so a thread
   * is counted once; posted the first time (the memory issue created if
   * needed), edited in place afterwards, posted anew when it was deleted.
   * Nothing new to count: no write.
   */
  async recordOutcomes(
    pr: number,
    entries: readonly OutcomeEntry[]
  ): Promise<RecordOutcomesResult> {
    const existing = this.kept.find((kept) => kept.block.pr === pr)
    const merged = mergeOutcomes(existing?.block, pr, entries)
    const result = (write: RecordOutcomesResult['write']): RecordOutcomesResult => ({
      block: merged.block,
      added: merged.added.length,
      write
    })
    if (merged.added.length === 0) return result('unchanged')
    if (!this.writable) return result('unavailable')
    const { options } = this.required()
    if (options.dryRun) {
      options.log.info(
        `dry run: outcomes of ${merged.added.length} settled thread(s) of PR #${pr} not written.`
      )
      return result('dry-run')
    }
    const written = await this.writeOutcomes(merged.block, existing?.commentId)
    if (written === undefined) return result('unavailable')
    const kept = { commentId: written.commentId, block: merged.block }
    this.kept = [...this.kept.filter((k) => k !== existing), kept]
    options.log.info(
      `Team memory: ${merged.added.length} settled thread(s) of PR #${pr} counted in the outcomes comment.`
    )
    return result(written.how)
  }

  /** Edits comment `commentId` (when given and still there), else posts a new one. */
  private async writeOutcomes(
    block: OutcomesBlock,
    commentId: number | undefined
  ): Promise<{ commentId: number; how: 'posted' | 'updated' } | undefined> {
    const { store, options } = this.required()
    const issue = await this.memoryIssue()
    if ('kind' in issue) {
      this.refuse(issue)
      return undefined
    }
    const body = this.signed(outcomesCommentBody(block, options.secrets), issue)
    if (commentId !== undefined) {
      const updated = await store.updateMemoryComment(commentId, body)
      if (updated.kind === 'written') return { commentId, how: 'updated' }
      if (updated.kind === 'forbidden') {
        this.refuse(updated)
        return undefined
      }
    }
    const posted = await store.postMemoryComment(issue, body)
    if (posted.kind === 'forbidden') {
      this.refuse(posted)
      return undefined
    }
    return { commentId: posted.comment.id, how: 'posted' }
  }
}
