/**
 * The review's Config from its flags, through the action's own parseConfig:
 * the same validation, the same defaults, the same messages, worded in
 * flags instead of input names.
 */
import { ConfigError, parseConfig, type Config } from '../config/action-config.js'
import type { InputName } from '../config/inputs.js'
import { UsageError } from './cli-usage.js'
import { inFlagTerms, neutralInputs } from './input-flags.js'

/** `given` holds the flags on the command line, by input name; an absent flag takes the default. */
export function reviewConfig(
  given: Partial<Record<InputName, string>>,
  env: Readonly<Record<string, string | undefined>>
): Config {
  const neutral = neutralInputs(env)
  try {
    return parseConfig((name) => given[name] ?? neutral[name] ?? '')
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new UsageError(error.problems.map(inFlagTerms).join('\n'))
    }
    throw error
  }
}
