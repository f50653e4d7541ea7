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
  | { readonly name: 'status'; readonly output: OutputChoice }
  | { readonly name: 'dismiss'; readonly id: string; readonly reason: string }

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

function reviewCommand(values: Values): Command {
  const inputs: Partial<Record<InputName, string>> = {}
  for (const input of VALUE_INPUTS) {
    const value = values[flagName(input)]
    if (typeof value === 'string') inputs[input] = value
  }
  for (const input of SWITCH_INPUTS) {
    if (values[flagName(input)] === true) inputs[input] = 'true'
  }
  const base = values['base']
  return {
    name: 'review',
    base: typeof base === 'string' ? base.trim() : undefined,
    workingTree: values['working-tree'] === true,
    inputs,
    output: outputChoice(values)
  }
}

function dismissCommand(values: Values, positionals: readonly string[]): Command {
  const [id, ...extra] = positionals
  if (id === undefined || id.trim() === '') {
    throw new UsageError('dismiss needs the id of a finding (see `status`), got none')
  }
  if (extra.length > 0) throw new UsageError(`dismiss takes one id, got also "${extra.join(' ')}"`)
  const reason = values['reason']
  if (typeof reason !== 'string') {
    throw new UsageError('dismiss needs --reason "…": why the finding does not apply')
  }
  return { name: 'dismiss', id: id.trim(), reason: reason.trim() }
}

/** The command named by argv (without node and the script). */
export function parseCommand(argv: readonly string[]): Command {
  const [first, ...rest] = argv
  if (first === undefined) throw new UsageError('a command is needed: review, status or dismiss')
  if (first === '--help' || first === '-h' || first === 'help') return { name: 'help' }
  if (first === '--version') return { name: 'version' }
  const options: Record<string, Options> = {
    review: REVIEW,
    status: { ...HELP, ...OUTPUT },
    dismiss: { ...HELP, reason: { type: 'string' } }
  }
  const wanted = options[first]
  if (wanted === undefined) {
    throw new UsageError(`unknown command "${first}": expected review, status or dismiss`)
  }
  const parsed = parse(rest, wanted, first === 'dismiss')
  if (parsed.values['help'] === true) return { name: 'help' }
  requireText(parsed.values)
  if (first === 'review') return reviewCommand(parsed.values)
  if (first === 'status') return { name: 'status', output: outputChoice(parsed.values) }
  return dismissCommand(parsed.values, parsed.positionals)
}
