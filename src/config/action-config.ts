/**
 * One typed Config, validated once at start-up from the action's inputs.
 * Nothing else in the action reads inputs.
 */
import { z } from 'zod'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import type { PathInstruction } from '../core/path-rules/path-rules.js'
import {
  booleanField,
  choiceField,
  integerField,
  loginListField,
  MODEL_PATTERN,
  modelListField,
  optionalPositiveIntegerField,
  patternField,
  providerEnvField
} from './fields.js'
import { confirmMinScoreField, optionalModelField } from './confirmation-fields.js'
import { INPUTS, type InputName } from './inputs.js'
import { parseOpencodeOverrides, type JsonObject } from './opencode-overrides.js'

const MAX = Number.MAX_SAFE_INTEGER

/** Extra reviewer models at most: each is a whole review's cost and a sidecar of its own. */
export const MAX_REVIEWER_MODELS = 4
/** `discovery_runs`: the primary model reviews at most this many times at once. */
export const MAX_DISCOVERY_RUNS = 5

const schema = z.object({
  githubToken: z.string().trim().min(1, 'github_token must be a non-empty token, got ""'),
  model: patternField(
    'model',
    MODEL_PATTERN,
    'provider/model (e.g. "anthropic/claude-sonnet-4-5")'
  ),
  opencodeApiKey: z.string().trim(),
  problemScoreThreshold: integerField('problem_score_threshold', 1, 10),
  scoreElevationThreshold: integerField('score_elevation_threshold', 2, MAX),
  enableWeb: booleanField('enable_web'),
  triggerPhrase: patternField(
    'trigger_phrase',
    /^@[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/,
    'an @-mention such as "@review-my-code-bot"'
  ),
  prNumber: optionalPositiveIntegerField('pr_number'),
  opencodeVersion: patternField(
    'opencode_version',
    /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/,
    'an exact version such as "1.18.33"'
  ),
  opencodePath: z.string().trim(),
  passTimeoutMinutes: integerField('pass_timeout_minutes', 1, 360),
  maxComments: integerField('max_comments', 0, 100),
  allowedBots: loginListField('allowed_bots', { nonEmpty: false }),
  botLogins: loginListField('bot_logins', { nonEmpty: true }),
  stateKey: z.string().superRefine((key, ctx) => {
    if (key !== '' && key.length < 16) {
      ctx.addIssue({
        code: 'custom',
        message: `state_key must be empty or at least 16 characters, got ${key.length} characters`
      })
    }
  }),
  failOn: choiceField('fail_on', ['never', 'request_changes', 'needs_major_work'] as const),
  dryRun: booleanField('dry_run'),
  providerEnv: providerEnvField('provider_env'),
  reviewerModels: modelListField('reviewer_models', MAX_REVIEWER_MODELS),
  discoveryRuns: integerField('discovery_runs', 1, MAX_DISCOVERY_RUNS),
  confirmMinScore: confirmMinScoreField('confirm_min_score'),
  confirmModel: optionalModelField('confirm_model'),
  confirmMaxExchanges: integerField('confirm_max_exchanges', 0, 3),
  autoFix: booleanField('auto_fix'),
  fixMaxRounds: integerField('fix_max_rounds', 1, 3),
  teamMemory: booleanField('team_memory')
})

/** Settings the repository config file may also set; see effective-config.ts. */
export interface ExplicitInputs {
  /** True when the workflow set the input: it then wins over the repository config file. */
  readonly problemScoreThreshold: boolean
  readonly maxComments: boolean
}

export type Config = z.output<typeof schema> & {
  opencodeConfig: JsonObject | undefined
  readonly explicit: ExplicitInputs
  /** Path globs whose findings are refused and patches not inlined (repository config file). */
  readonly ignorePaths: readonly string[]
  /** Extra review rules from the repository config file; '' when there are none. */
  readonly reviewInstructions: string
  /** Rules for the files a glob matches (repository config file); [] when there are none. */
  readonly pathInstructions: readonly PathInstruction[]
  /** Focus hints for the discovery runs from the repository config file; [] for the built-in ones. */
  readonly discoveryHints: readonly string[]
}

/** Input name for every Config field read from a plain input. */
const FIELD_INPUT: Record<keyof z.input<typeof schema>, InputName> = {
  githubToken: 'github_token',
  model: 'model',
  opencodeApiKey: 'opencode_api_key',
  problemScoreThreshold: 'problem_score_threshold',
  scoreElevationThreshold: 'score_elevation_threshold',
  enableWeb: 'enable_web',
  triggerPhrase: 'trigger_phrase',
  prNumber: 'pr_number',
  opencodeVersion: 'opencode_version',
  opencodePath: 'opencode_path',
  passTimeoutMinutes: 'pass_timeout_minutes',
  maxComments: 'max_comments',
  allowedBots: 'allowed_bots',
  botLogins: 'bot_logins',
  stateKey: 'state_key',
  failOn: 'fail_on',
  dryRun: 'dry_run',
  providerEnv: 'provider_env',
  reviewerModels: 'reviewer_models',
  discoveryRuns: 'discovery_runs',
  confirmMinScore: 'confirm_min_score',
  confirmModel: 'confirm_model',
  confirmMaxExchanges: 'confirm_max_exchanges',
  autoFix: 'auto_fix',
  fixMaxRounds: 'fix_max_rounds',
  teamMemory: 'team_memory'
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid input: ${problems.join('; ')}`)
    this.name = 'ConfigError'
  }
}

/** Reads one raw input; '' when not given (like core.getInput). */
export type InputReader = (name: InputName) => string

/**
 * The default from the input table, used when an input is empty. action.yml
 * applies the same defaults on a runner; applying them here too keeps tests
 * and local runs honest. Expression defaults (`${{ ... }}`) cannot be
 * evaluated here and count as "not given".
 */
function withDefault(name: InputName, raw: string): string {
  if (raw.trim() !== '') return raw
  const spec = INPUTS.find((input) => input.name === name)
  const fallback =
    spec && 'actionDefault' in spec
      ? spec.actionDefault
      : spec && 'codeDefault' in spec
        ? spec.codeDefault
        : ''
  return fallback.startsWith('${{') ? '' : fallback
}

export function parseConfig(read: InputReader): Config {
  const problems: string[] = []
  const raw = Object.fromEntries(
    Object.entries(FIELD_INPUT).map(([field, input]) => [field, withDefault(input, read(input))])
  )
  if (raw['model'] === '') problems.push('model is required (provider/model), got ""')
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const issues = parsed.error.issues.filter(
      (issue) => !(issue.path[0] === 'model' && raw['model'] === '')
    )
    problems.push(...formatZodIssues(issues, raw, { style: 'sentence' }))
  }
  // Reviewers are told apart by model: `model` reviews already.
  if (parsed.success && parsed.data.reviewerModels.includes(parsed.data.model)) {
    problems.push(
      `reviewer_models must not repeat model, got ${JSON.stringify(parsed.data.model)} in both`
    )
  }
  const overrides = parseOpencodeOverrides(read('opencode_config'))
  if (!overrides.ok) problems.push(...overrides.errors)
  if (problems.length > 0 || !parsed.success || !overrides.ok) throw new ConfigError(problems)
  const given = (name: InputName) => read(name).trim() !== ''
  return {
    ...parsed.data,
    opencodeConfig: overrides.value,
    explicit: {
      problemScoreThreshold: given('problem_score_threshold'),
      maxComments: given('max_comments')
    },
    ignorePaths: [],
    reviewInstructions: '',
    pathInstructions: [],
    discoveryHints: []
  }
}

/** Names of inputs whose values must be masked in logs. */
export const SECRET_INPUTS: readonly InputName[] = INPUTS.filter(
  (input) => 'secret' in input && input.secret
).map((input) => input.name)
