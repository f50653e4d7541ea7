/**
 * Which rules govern a file, nearest first, as coding agents read them: the
 * AGENTS.md and CLAUDE.md of the file's own directory, then of each parent
 * up to (not including) the root; then rules scoped by glob (the config
 * file's `path_instructions` in their order, then instructions files with
 * `applyTo`); then the root's AGENTS.md and CLAUDE.md; last
 * `.github/copilot-instructions.md` and instructions files for every file.
 */
import { compilePathGlob, type PathTest } from './path-glob.js'
import type { PathRule, RuleScope } from './path-rules.js'

const TIER = {
  nested: 0,
  pathInstructions: 1,
  instructionsFile: 2,
  root: 3,
  repositoryWide: 4
} as const

/** How far from the file a rule stands: tier first, then deeper directories nearer. */
interface Nearness {
  readonly tier: number
  readonly depth: number
}

function nearness(rule: PathRule): Nearness {
  const { scope } = rule
  if (scope.kind === 'directory') {
    if (scope.directory === '') return { tier: TIER.root, depth: 0 }
    return { tier: TIER.nested, depth: scope.directory.split('/').length }
  }
  if (scope.kind === 'globs') {
    const tier = rule.origin === 'path-instructions' ? TIER.pathInstructions : TIER.instructionsFile
    return { tier, depth: 0 }
  }
  return { tier: TIER.repositoryWide, depth: 0 }
}

/** Negative when `a` stands nearer its files than `b`; 0 keeps the given order. */
export function compareNearness(a: PathRule, b: PathRule): number {
  const na = nearness(a)
  const nb = nearness(b)
  return na.tier - nb.tier || nb.depth - na.depth
}

function scopeTest(scope: RuleScope): PathTest {
  if (scope.kind === 'all') return () => true
  if (scope.kind === 'directory') {
    const prefix = scope.directory === '' ? '' : `${scope.directory}/`
    return (path) => path.startsWith(prefix)
  }
  const tests = scope.globs.map(compilePathGlob)
  return (path) => tests.some((test) => test(path))
}

/** For each path, the rules governing it, nearest first. */
export function rulesByFile(
  rules: readonly PathRule[],
  paths: readonly string[]
): ReadonlyMap<string, readonly PathRule[]> {
  // Array.prototype.sort is stable: rules equally near keep their given order.
  const ordered = [...rules].sort(compareNearness)
  const tested = ordered.map((rule) => ({ rule, test: scopeTest(rule.scope) }))
  return new Map(
    paths.map((path) => [path, tested.filter(({ test }) => test(path)).map(({ rule }) => rule)])
  )
}

/** The rules governing `path`, nearest first. */
export function rulesForFile(rules: readonly PathRule[], path: string): readonly PathRule[] {
  return rulesByFile(rules, [path]).get(path) ?? []
}
