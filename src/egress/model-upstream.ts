/**
 * What the model proxy needs to know about the review model's provider: the
 * upstream base URL (a custom `baseURL` from `opencode_config`, else the
 * provider's default endpoint) and the credentials it adds on the way out
 * (`opencode_api_key`, else the provider's `options.apiKey`, plus the
 * provider's `options.headers`). Pure: same input, same answer.
 *
 * These are also the options that never reach the sidecar (config.ts drops
 * CREDENTIAL_OPTIONS from every provider it is given).
 */
import { z } from 'zod'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import { PROVIDER_ENDPOINTS } from './provider-endpoints.js'

/** Provider options that carry credentials: held by the proxy, never by the sidecar. */
export const CREDENTIAL_OPTIONS = ['apiKey', 'authToken', 'headers'] as const

export interface ModelUpstream {
  readonly providerId: string
  /** e.g. `https://api.anthropic.com/v1`: request paths are appended to it. */
  readonly baseURL: URL
  /** '' when the endpoint needs none (a local model server). */
  readonly apiKey: string
  /** Extra headers for every upstream request (gateway credentials, ...). */
  readonly headers: Readonly<Record<string, string>>
}

export interface ModelUpstreamInput {
  /** `provider/model`, as the `model` input. */
  readonly model: string
  /** The `opencode_api_key` input ('' when not given). */
  readonly apiKey: string
  /** The parsed `opencode_config` input. */
  readonly overrides?: Record<string, unknown> | undefined
}

const optionsSchema = (at: string) =>
  z.looseObject({
    baseURL: z
      .string(`${at}.baseURL must be a URL string`)
      .refine((value) => /^https?:\/\/[^/]/.test(value) && URL.canParse(value), {
        error: (issue) =>
          `${at}.baseURL must be an http:// or https:// URL, got ${JSON.stringify(issue.input)}`
      })
      .optional(),
    apiKey: z.string(`${at}.apiKey must be a string`).optional(),
    headers: z.record(z.string(), z.string(`${at}.headers must map names to strings`)).optional()
  })

export function resolveModelUpstream(input: ModelUpstreamInput): ModelUpstream {
  const slash = input.model.indexOf('/')
  if (slash <= 0) {
    throw new Error(`model must be "provider/model", got ${JSON.stringify(input.model)}`)
  }
  const providerId = input.model.slice(0, slash)
  const at = `opencode_config.provider.${providerId}.options`
  const provider = (input.overrides?.['provider'] as Record<string, unknown> | undefined)?.[
    providerId
  ]
  const rawOptions = (provider as { options?: unknown } | undefined)?.options ?? {}
  const parsed = optionsSchema(at).safeParse(rawOptions)
  if (!parsed.success) {
    // Values are not echoed (but a bad URL's): they may hold credentials.
    throw new Error(
      formatZodIssues(parsed.error.issues, rawOptions, { style: 'sentence' }).join('; ')
    )
  }
  const options = parsed.data
  const base = options.baseURL ?? PROVIDER_ENDPOINTS[providerId]
  if (base === undefined) {
    throw new Error(
      `no endpoint is known for provider "${providerId}" of model "${input.model}": set ${at}.baseURL (the model proxy forwards there)`
    )
  }
  return {
    providerId,
    baseURL: new URL(base.replace(/\/+$/, '')),
    apiKey: input.apiKey !== '' ? input.apiKey : (options.apiKey ?? ''),
    headers: options.headers ?? {}
  }
}
