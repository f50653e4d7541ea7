/**
 * zod field parsers for action inputs. Every input arrives as a string; each
 * parser turns it into a typed value or an error that names the input, the
 * value received and what was expected, e.g.
 *   problem_score_threshold must be an integer from 1 to 10, got "eleven"
 */
import { z } from 'zod'
import { PROVIDER_ENV_PATTERNS } from '../core/secrets/credential-variables.js'

const show = (raw: string): string => JSON.stringify(raw)

export function integerField(name: string, min: number, max: number) {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim()
    const value = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be an integer ${range}, got ${show(raw)}`
      })
      return z.NEVER
    }
    return value
  })
}

const TRUE = new Set(['true', 'True', 'TRUE'])
const FALSE = new Set(['false', 'False', 'FALSE'])

/** Same accepted spellings as core.getBooleanInput (YAML 1.2 core schema). */
export function booleanField(name: string) {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim()
    if (TRUE.has(text)) return true
    if (FALSE.has(text)) return false
    ctx.addIssue({ code: 'custom', message: `${name} must be true or false, got ${show(raw)}` })
    return z.NEVER
  })
}

export function patternField(name: string, pattern: RegExp, expected: string) {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim()
    if (!pattern.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be ${expected}, got ${show(raw)}` })
      return z.NEVER
    }
    return text
  })
}

/** Optional positive integer: empty means "not given". */
export function optionalPositiveIntegerField(name: string) {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim()
    if (text === '') return undefined
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN
    if (!Number.isSafeInteger(value) || value < 1) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be a positive integer, got ${show(raw)}`
      })
      return z.NEVER
    }
    return value
  })
}

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/

/** Comma-separated GitHub logins, lower-cased; "*" is never accepted. */
export function loginListField(name: string, opts: { nonEmpty: boolean }) {
  return z.string().transform((raw, ctx) => {
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '')
    for (const item of items) {
      if (item.includes('*')) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must list logins one by one; wildcards are not allowed, got ${show(raw)}`
        })
        return z.NEVER
      }
      if (!LOGIN.test(item)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a comma-separated list of GitHub logins, got ${show(item)} in ${show(raw)}`
        })
        return z.NEVER
      }
    }
    if (opts.nonEmpty && items.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must name at least one login, got ${show(raw)}`
      })
      return z.NEVER
    }
    return items.map((item) => item.toLowerCase())
  })
}

/** One of a fixed set of words, e.g. fail_on. */
export function choiceField<const T extends readonly [string, ...string[]]>(
  name: string,
  choices: T
) {
  return z.string().transform((raw, ctx): T[number] => {
    const text = raw.trim()
    const found = choices.find((choice) => choice === text)
    if (found === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be one of ${choices.join(', ')}, got ${show(raw)}`
      })
      return z.NEVER
    }
    return found
  })
}

const PROVIDER_ENV_EXPECTED =
  'AWS_*, GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_*, GOOGLE_VERTEX_*, VERTEX_* or AZURE_*'

/** Comma- or newline-separated environment variable names from the provider allowlist. */
export function providerEnvField(name: string) {
  return z.string().transform((raw, ctx) => {
    const items = raw
      .split(/[,\n]/)
      .map((item) => item.trim())
      .filter((item) => item !== '')
    for (const item of items) {
      if (!PROVIDER_ENV_PATTERNS.some((pattern) => pattern.test(item))) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} may only name ${PROVIDER_ENV_EXPECTED} variables, got ${show(item)}`
        })
        return z.NEVER
      }
    }
    return [...new Set(items)]
  })
}

/** The `model` input's shape: provider/model. */
export const MODEL_PATTERN = /^[A-Za-z0-9][\w.-]*\/\S+$/

/**
 * Comma- or newline-separated provider/model names, each at most once and
 * at most `max` of them (each one is a whole review's cost).
 */
export function modelListField(name: string, max: number) {
  return z.string().transform((raw, ctx) => {
    const items = raw
      .split(/[,\n]/)
      .map((item) => item.trim())
      .filter((item) => item !== '')
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message: `${name} ${message}` })
      return z.NEVER
    }
    for (const item of items) {
      if (!MODEL_PATTERN.test(item) || item.length > 200) {
        return fail(`must list provider/model names (e.g. "openai/gpt-5"), got ${show(item)}`)
      }
    }
    const repeated = items.find((item, index) => items.indexOf(item) !== index)
    if (repeated !== undefined)
      return fail(`must name each model once, got ${show(repeated)} twice`)
    if (items.length > max) return fail(`may name at most ${max} models, got ${items.length}`)
    return items
  })
}
