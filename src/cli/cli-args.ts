/**
 * The command line, parsed strictly with node:util's parseArgs: an unknown
 * option, a missing value or a stray argument is a UsageError naming it,
 * before any work starts.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import type { InputName } from '../config/inputs.js'
import { choiceField } from '../config/fields.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import { checkMaxRounds, MAX_FIX_ROUNDS } from '../core/fixing/fix-outcome.js'
import { UsageError } from './cli-usage.js'
import { flagName, SWITCH_INPUTS, VALUE_INPUTS } from './input-flags.js'

export const FORMATS = ['terminal', 'markdown', 'json', 'sarif'] as const
export type ReportFormat = (typeof FORMATS)[number]

export interface OutputChoice {
  readonly format: ReportFormat
  /** --output; undefined: standard output. */
  readonly file: string | undefined
}

export type Command =
  | { readonly name: 'help' }
  | { readonly name: 'version' }
  | {
      readonly name: 'review'
      readonly base: string | undefined
      readonly workingTree: boolean
      /** The action inputs given as flags, by input name. */
      readonly inputs: Partial<Record<InputName, string>>
      readonly output: OutputChoice
    }
  | {
      readonly name: 'fix'
      readonly base: string | undefined
      readonly inputs: Partial<Record<InputName, string>>
      readonly output: OutputChoice
      /** --max-rounds: 1-3, default 3. */
      readonly maxRounds: number
    }
  | { readonly name: 'status'; readonly output: OutputChoice }
  | {
      readonly name: 'dismiss'
      readonly id: string
      readonly reason: string
      /** false with --no-learn: the reason teaches no learning. */
      readonly learn: boolean
    }
  | { readonly name: 'learnings'; readonly output: OutputChoice }
  | { readonly name: 'forget'; readonly id: string }
  | {
      readonly name: 'stats'
      /** --repo owner/name: the memory issue on GitHub; undefined: this repository's local state. */
      readonly repo: { readonly owner: string; readonly name: string } | undefined
      /** --bot-logins: whose outcomes comments count; undefined: the action's default. */
      readonly botLogins: readonly string[] | undefined
      readonly output: OutputChoice
    }

type Options = NonNullable<ParseArgsConfig['options']>
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>

const HELP: Options = { help: { type: 'boolean', short: 'h' } }
const OUTPUT: Options = { format: { type: 'string' }, output: { type: 'string' } }
const REVIEW: Options = {
  ...HELP,
  ...OUTPUT,
  base: { type: 'string' },
  'working-tree': { type: 'boolean' },
  ...Object.fromEntries(VALUE_INPUTS.map((input) => [flagName(input), { type: 'string' }])),
  ...Object.fromEntries(SWITCH_INPUTS.map((input) => [flagName(input), { type: 'boolean' }]))
}
const FIX: Options = {
  ...Object.fromEntries(Object.entries(REVIEW).filter(([name]) => name !== 'working-tree')),
  'max-rounds': { type: 'string' }
}

/** parseArgs, its errors (which name the option) turned into UsageErrors. */
function parse(
  args: readonly string[],
  options: Options,
  positionals: boolean
): { values: Values; positionals: string[] } {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: positionals })
  } catch (error) {
    // getErrorMessage reads the message of parseArgs' TypeError from another realm too.
    throw new UsageError(getErrorMessage(error))
  }
}

/** A value flag given as `--flag ""`: a mistake, not a request for the default. */
function requireText(values: Values): void {
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() === '') {
      throw new UsageError(`--${name} needs a value, got ""`)
    }
  }
}

function outputChoice(values: Values): OutputChoice {
  const raw = typeof values['format'] === 'string' ? values['format'] : 'terminal'
  const format = choiceField('--format', FORMATS).safeParse(raw)
  if (!format.success) {
    throw new UsageError(
      formatZodIssues(format.error.issues, raw, { style: 'sentence' }).join('\n')
    )
  }
  const file = values['output']
  return { format: format.data, file: typeof file === 'string' ? file : undefined }
}

function flagInputs(values: Values): Partial<Record<InputName, string>> {
  const inputs: Partial<Record<InputName, string>> = {}
  for (const input of VALUE_INPUTS) {
    const value = values[flagName(input)]
    if (typeof value === 'string') inputs[input] = value
  }
  for (const input of SWITCH_INPUTS) {
    if (values[flagName(input)] === true) inputs[input] = 'true'
  }
  return inputs
}

function baseOf(values: Values): string | undefined {
  const base = values['base']
  return typeof base === 'string' ? base.trim() : undefined
}

function reviewCommand(values: Values): Command {
  return {
    name: 'review',
    base: baseOf(values),
    workingTree: values['working-tree'] === true,
    inputs: flagInputs(values),
    output: outputChoice(values)
  }
}

/** --max-rounds: an integer from 1 to MAX_FIX_ROUNDS; MAX_FIX_ROUNDS when absent. */
function maxRounds(values: Values): number {
  const raw = values['max-rounds']
  if (typeof raw !== 'string') return MAX_FIX_ROUNDS
  const checked = checkMaxRounds(/^\s*\d+\s*$/.test(raw) ? Number(raw) : raw)
  if (!checked.ok) {
    throw new UsageError(
      `--max-rounds must be an integer from 1 to ${MAX_FIX_ROUNDS}, got ${JSON.stringify(raw)}`
    )
  }
  return checked.value
}

function fixCommand(values: Values): Command {
  return {
    name: 'fix',
    base: baseOf(values),
    inputs: flagInputs(values),
    output: outputChoice(values),
    maxRounds: maxRounds(values)
  }
}

/** The one id `command` takes; `what` says where the ids are listed. */
function oneId(command: string, what: string, positionals: readonly string[]): string {
  const [id, ...extra] = positionals
  if (id === undefined || id.trim() === '') {
    throw new UsageError(`${command} needs the id of ${what}, got none`)
  }
  if (extra.length > 0) {
    throw new UsageError(`${command} takes one id, got also "${extra.join(' ')}"`)
  }
  return id.trim()
}

function dismissCommand(values: Values, positionals: readonly string[]): Command {
  const id = oneId('dismiss', 'a finding (see `status`)', positionals)
  const reason = values['reason']
  if (typeof reason !== 'string') {
    throw new UsageError('dismiss needs --reason "…": why the finding does not apply')
  }
  return { name: 'dismiss', id, reason: reason.trim(), learn: values['no-learn'] !== true }
}

function learningsCommand(values: Values): Command {
  const output = outputChoice(values)
  if (output.format === 'sarif') {
    throw new UsageError(
      '--format sarif describes findings, not learnings: learnings takes --format terminal, markdown or json'
    )
  }
  return { name: 'learnings', output }
}

const REPO_PATTERN = /^([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100})$/

function statsCommand(values: Values): Command {
  const output = outputChoice(values)
  if (output.format === 'sarif') {
    throw new UsageError(
      '--format sarif describes findings, not outcome rates: stats takes --format terminal, markdown or json'
    )
  }
  const raw = values['repo']
  let repo: { owner: string; name: string } | undefined
  if (typeof raw === 'string') {
    const match = REPO_PATTERN.exec(raw.trim())
    if (match === null)
      throw new UsageError(`--repo must be owner/name, got ${JSON.stringify(raw)}`)
    repo = { owner: match[1] ?? '', name: match[2] ?? '' }
  }
  const logins = values['bot-logins']
  const botLogins =
    typeof logins === 'string'
      ? logins
          .split(',')
          .map((login) => login.trim())
          .filter((login) => login !== '')
      : undefined
  if (botLogins?.length === 0) {
    throw new UsageError(`--bot-logins must name at least one login, got ${JSON.stringify(logins)}`)
  }
  return { name: 'stats', repo, botLogins, output }
}

const STATS: Options = {
  ...HELP,
  ...OUTPUT,
  repo: { type: 'string' },
  'bot-logins': { type: 'string' }
}

const COMMAND_NAMES = 'review, fix, status, dismiss, stats, learnings or forget'

/** The command named by argv (without node and the script). */
export function parseCommand(argv: readonly string[]): Command {
  const [first, ...rest] = argv
  if (first === undefined) {
    throw new UsageError(`a command is needed: ${COMMAND_NAMES}`)
  }
  if (first === '--help' || first === '-h' || first === 'help') return { name: 'help' }
  if (first === '--version') return { name: 'version' }
  const options: Record<string, Options> = {
    review: REVIEW,
    fix: FIX,
    status: { ...HELP, ...OUTPUT },
    dismiss: { ...HELP, reason: { type: 'string' }, 'no-learn': { type: 'boolean' } },
    stats: STATS,
    learnings: { ...HELP, ...OUTPUT },
    forget: HELP
  }
  const wanted = options[first]
  if (wanted === undefined) {
    throw new UsageError(`unknown command "${first}": expected ${COMMAND_NAMES}`)
  }
  const parsed = parse(rest, wanted, first === 'dismiss' || first === 'forget')
  if (parsed.values['help'] === true) return { name: 'help' }
  requireText(parsed.values)
  if (first === 'review') return reviewCommand(parsed.values)
  if (first === 'fix') return fixCommand(parsed.values)
  if (first === 'status') return { name: 'status', output: outputChoice(parsed.values) }
  if (first === 'stats') return statsCommand(parsed.values)
  if (first === 'learnings') return learningsCommand(parsed.values)
  if (first === 'forget') {
    return {
      name: 'forget',
      id: oneId('forget', 'a learning (see `learnings`)', parsed.positionals)
    }
  }
  return dismissCommand(parsed.values, parsed.positionals)
}
