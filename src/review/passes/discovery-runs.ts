/**
 * Discovery runs (`discovery_runs`): the primary model reviews the pull
 * request several times at once, each run with its own focus hint appended
 * to its pass prompts, so one review's blind spot is another's focus. The
 * runs are reviewers like `reviewer_models` (reviewers.ts): own sidecar and
 * tools, one shared stage where a finding several runs raise is one finding
 * naming them, and only the first run answers earlier threads.
 *
 * The hints are the built-in ones (prompts/discovery-hints.md) or the
 * repository config's `discovery_hints`, which replace them; those come from
 * the base branch and are fenced as data in the prompt. With fewer hints
 * than runs, the runs are as many as the hints: two runs with one focus would
 * double the cost for nothing.
 */
import type { Config } from '../../config/action-config.js'
import { fenceUntrusted } from '../../core/text-safety/untrusted-text.js'
import { fillTemplate } from '../prompts/prompt-template.js'
import { PROMPT_TEXTS } from '../prompts/prompt-texts.generated.js'
import { PROMPT_TOOL_NAMES } from '../prompts/prompts.js'

export interface DiscoveryFocus {
  /** 1-based. */
  readonly run: number
  readonly count: number
  readonly hint: string
  /** From the repository config file (fenced as data), not built in. */
  readonly fromRepository: boolean
}

/** The built-in hints, in order: the bullets of prompts/discovery-hints.md. */
export function builtInHints(): string[] {
  return PROMPT_TEXTS['discovery-hints']
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2).trim())
}

export interface DiscoveryPlan {
  readonly focuses: readonly DiscoveryFocus[]
  /** Why fewer runs than `discovery_runs` asked for, if so. */
  readonly note?: string
}

/** The focus of each run; none when `discovery_runs` is 1 (one run, no hint). */
export function planDiscovery(
  config: Pick<Config, 'discoveryRuns' | 'discoveryHints'>
): DiscoveryPlan {
  if (config.discoveryRuns <= 1) return { focuses: [] }
  const fromRepository = config.discoveryHints.length > 0
  const hints = fromRepository ? config.discoveryHints : builtInHints()
  const count = Math.min(config.discoveryRuns, hints.length)
  const focuses = hints
    .slice(0, count)
    .map((hint, i) => ({ run: i + 1, count, hint, fromRepository }))
  if (count === config.discoveryRuns) return { focuses }
  return {
    focuses,
    note: `discovery_runs is ${config.discoveryRuns} but there are ${hints.length} discovery hint(s): ${count} run(s), one per hint.`
  }
}

/** The note appended to every pass prompt of one discovery run. */
export function discoveryFocusNote(focus: DiscoveryFocus): string {
  const hint = focus.fromRepository
    ? fenceUntrusted({
        label: 'The focus set by the repository (discovery_hints)',
        text: focus.hint,
        kind: 'prose'
      })
    : focus.hint
  return fillTemplate(
    'discovery-focus',
    PROMPT_TEXTS['discovery-focus'],
    { run_number: String(focus.run), run_count: String(focus.count), focus: hint },
    PROMPT_TOOL_NAMES
  ).trim()
}

/** A discovery run's name in logs, tables and the runs a finding names. */
export function discoveryRunName(model: string, focus: DiscoveryFocus): string {
  return `${model} run ${focus.run}/${focus.count}`
}
