/**
 * Parsers of the confirmation inputs. `confirm_min_score` is a score from 1
 * to 10 or `off` (no finding is confirmed); `confirm_model` is a
 * provider/model, or empty for the review's own `model`.
 */
import { z } from 'zod'
import type { ConfirmMinScore } from '../core/findings/confirmation.js'

const show = (raw: string): string => JSON.stringify(raw)

export function confirmMinScoreField(name: string) {
  return z.string().transform((raw, ctx): ConfirmMinScore => {
    const text = raw.trim()
    if (text.toLowerCase() === 'off') return 'off'
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN
    if (!Number.isSafeInteger(value) || value < 1 || value > 10) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be an integer from 1 to 10 or "off", got ${show(raw)}`
      })
      return z.NEVER
    }
    return value
  })
}

/** Empty: the review's own model (filled in by the config). */
export function optionalModelField(name: string) {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim()
    if (text === '' || /^[A-Za-z0-9][\w.-]*\/\S+$/.test(text)) return text
    ctx.addIssue({
      code: 'custom',
      message: `${name} must be empty or provider/model (e.g. "anthropic/claude-sonnet-4-5"), got ${show(raw)}`
    })
    return z.NEVER
  })
}
