/**
 * Where the fixer works (fix mode): a throwaway copy of a tree it may edit,
 * its agent started on that copy, and what it changed there once it is
 * stopped. The runner and local mode both serve it with opencode; the fix
 * loop's fixer round (src/fix/) works through this port only.
 */
import type { FileChange, FixCandidate } from '../core/fixing/fix-types.js'
import type { AgentSession } from './agent-session.js'
import type { FixerTools } from './fixer-tools.js'

/** The fixer's agent on a workspace: its session, stopped once the round is over. */
export interface FixerAgentHandle {
  readonly session: AgentSession
  stop(): Promise<void>
}

/**
 * What the fixer changed in its copy, or why its edits are refused whole (a
 * new symlink, a file where the copy holds none).
 */
export type FixerChanges =
  | { readonly kind: 'changes'; readonly changes: readonly FileChange[] }
  | { readonly kind: 'refused'; readonly reason: string }

/** One copy of a tree for one round of the fixer. */
export interface FixerWorkspace {
  /** The copy's directory: the fixer's edits land here, nowhere else. */
  readonly directory: string
  /** Starts the fixer's agent on the copy, answering through `tools`. */
  startFixer(tools: FixerTools, systemPrompt: string): Promise<FixerAgentHandle>
  /** What the copy holds now that it did not hold when it was made. */
  changes(): Promise<FixerChanges>
  /** Removes the copy and every trace of the fix. */
  dispose(): Promise<void>
}

/** A fresh copy of `directory` for the fixer. */
export type FixerSandbox = (directory: string) => Promise<FixerWorkspace>

/** The fixer's prompts: its system prompt, each round's, and the one reminder. */
export interface FixerPrompts {
  system(): string
  round(round: number, candidates: readonly FixCandidate[]): string
  nudge(round: number): string
}
