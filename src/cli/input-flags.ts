/**
 * The action inputs a local review takes as flags, in kebab case
 * (`max_comments` is `--max-comments`), and the neutral values of the inputs
 * that mean nothing without GitHub. The input table in src/config/inputs.ts
 * stays the source of truth for every default.
 */
import type { InputName } from '../config/inputs.js'

/** Inputs taken as `--flag <value>`. */
export const VALUE_INPUTS = [
  'model',
  'problem_score_threshold',
  'score_elevation_threshold',
  'max_comments',
  'pass_timeout_minutes',
  'opencode_config',
  'opencode_version',
  'opencode_path',
  'provider_env',
  'fail_on',
  'reviewer_models',
  'confirm_min_score',
  'confirm_model',
  'team_memory'
] as const satisfies readonly InputName[]

/** Inputs taken as a bare switch: present means "true". */
export const SWITCH_INPUTS = ['enable_web'] as const satisfies readonly InputName[]

export type FlagInput = (typeof VALUE_INPUTS)[number] | (typeof SWITCH_INPUTS)[number]

/** `problem_score_threshold` -> `problem-score-threshold` (the flag without its dashes). */
export function flagName(input: FlagInput): string {
  return input.replace(/_/g, '-')
}

/**
 * Inputs with no local meaning: no GitHub token (nothing is posted), no
 * mention trigger, no bots, no signed state, no dry run (nothing is written
 * to GitHub anyway). The model key comes from OPENCODE_API_KEY.
 */
export function neutralInputs(
  env: Readonly<Record<string, string | undefined>>
): Partial<Record<InputName, string>> {
  return {
    github_token: 'local-mode-has-no-github-token',
    opencode_api_key: env['OPENCODE_API_KEY'] ?? '',
    pr_number: '',
    trigger_phrase: '',
    allowed_bots: '',
    bot_logins: '',
    state_key: '',
    dry_run: 'false'
  }
}

/** Rewrites an input name that opens a config error into its flag ("--max-comments must ..."). */
export function inFlagTerms(problem: string): string {
  const all: readonly FlagInput[] = [...VALUE_INPUTS, ...SWITCH_INPUTS]
  for (const input of all) {
    if (new RegExp(`^${input}\\b`).test(problem)) {
      return `--${flagName(input)}${problem.slice(input.length)}`
    }
  }
  return problem
}
