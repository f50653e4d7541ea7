/**
 * What the model cost, as opencode reported it per assistant message: input
 * and output tokens, and dollars (computed by opencode from the model's price
 * in its config; 0 when no price is known). Plain data, summed over passes.
 */

export interface ModelUsage {
  readonly inputTokens: number
  readonly outputTokens: number
  readonly costUsd: number
}

export const NO_USAGE: ModelUsage = { inputTokens: 0, outputTokens: 0, costUsd: 0 }

/**
 * Dollars are kept to the micro-dollar: sums of per-message floats would
 * otherwise print as 0.30000000000000004 in an output a workflow compares.
 */
export function roundUsd(value: number): number {
  return Math.round(value * 1_000_000) / 1_000_000
}

export function sumUsage(parts: readonly ModelUsage[]): ModelUsage {
  const total = parts.reduce(
    (sum, part) => ({
      inputTokens: sum.inputTokens + part.inputTokens,
      outputTokens: sum.outputTokens + part.outputTokens,
      costUsd: sum.costUsd + part.costUsd
    }),
    NO_USAGE
  )
  return { ...total, costUsd: roundUsd(total.costUsd) }
}

/** Dollars for people: at least two decimals, more when the amount is small. */
export function formatUsd(value: number): string {
  if (value === 0) return '$0.00'
  if (value >= 0.01) return `$${value.toFixed(2)}`
  return `$${roundUsd(value).toFixed(6).replace(/0+$/, '')}`
}
