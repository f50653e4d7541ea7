/**
 * Names the sanitized export never holds, at any depth, because opencode
 * acts on them rather than merely reading them:
 *
 * - `.git/`: no repository, so no git-triggered plugin loading, no hooks;
 * - `.opencode/` and `opencode.json(c)`: PR-controlled OpenCode config,
 *   plugins and tools;
 * - instruction files (`AGENTS.md`, `CLAUDE.md`, `CONTEXT.md` and their
 *   `.local.md` variants): opencode's read tool looks for them in every
 *   folder between the file read and the served root and appends the first
 *   one it finds to the tool result as `<system-reminder> Instructions
 *   from: …`, outside the fences that mark the PR's text as untrusted data,
 *   where the model takes it for the harness speaking. opencode 1.18.33 looks
 *   for AGENTS.md, CLAUDE.md (unless OPENCODE_DISABLE_CLAUDE_CODE is set) and
 *   CONTEXT.md; later versions add the `.local.md` variants. The root copies
 *   go too: the review takes AGENTS.md from the base branch, never the head.
 *
 * Names match case-insensitively: on a case-insensitive file system (macOS
 * runners) opencode's lookup of `AGENTS.md` finds `agents.md`.
 */
import { sep } from 'node:path'

/** Directory names never exported (lower case). */
const EXCLUDED_DIRS = new Set(['.git', '.opencode'])
/** OpenCode config file names never exported (lower case). */
const OPENCODE_FILES = new Set(['opencode.json', 'opencode.jsonc'])
/** Instruction file names never exported (lower case). */
export const INSTRUCTION_FILES: ReadonlySet<string> = new Set(
  ['agents', 'claude', 'context'].flatMap((stem) => [`${stem}.md`, `${stem}.local.md`])
)

/** The reason given for instruction files (logged in one summary line). */
export const INSTRUCTION_REASON = 'instruction file opencode would inject into the prompt'

/**
 * Why an entry named `name` is left out, or undefined when it is not. A
 * symlink counts as both kinds: opencode follows it either way.
 */
export function exclusionReason(
  name: string,
  kind: 'directory' | 'file' | 'symlink'
): string | undefined {
  const lower = name.toLowerCase()
  if (kind !== 'file' && EXCLUDED_DIRS.has(lower)) return 'PR-controlled OpenCode directory'
  if (kind === 'directory') return undefined
  if (OPENCODE_FILES.has(lower)) return 'PR-controlled OpenCode config'
  if (INSTRUCTION_FILES.has(lower)) return INSTRUCTION_REASON
  return undefined
}

/** True when `relPath` (relative to the checkout, `sep`-separated) lies in an excluded path. */
export function isExcludedPath(relPath: string): boolean {
  const parts = relPath.split(sep)
  return parts.some((part, index) =>
    index === parts.length - 1
      ? exclusionReason(part, 'symlink') !== undefined
      : exclusionReason(part, 'directory') !== undefined
  )
}
