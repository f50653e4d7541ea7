/**
 * How sensitive the repository's data is (security rigor scales with it),
 * judged from the BASE branch's package.json and README, never from the PR
 * (a PR must not be able to lower its own security bar). The result drives
 * the +2 security promotion and the sentence stated in pass 3.
 *
 * Health data counts as personal data (it is PII under GDPR and HIPAA), so
 * any of the three categories makes the repository sensitive.
 */
import { z } from 'zod'

export type SensitivityCategory = 'pii' | 'financial' | 'health'
export type SensitivityLevel = 'high' | 'standard' | 'unknown'

export interface SensitivitySignal {
  readonly category: SensitivityCategory
  /** The term from our list that matched (never text copied from the repository). */
  readonly term: string
  readonly source: string
}

export interface SensitivityAssessment {
  readonly level: SensitivityLevel
  readonly categories: readonly SensitivityCategory[]
  readonly signals: readonly SensitivitySignal[]
  /** True when pass-3 security findings are promoted (+2). */
  readonly promotesSecurity: boolean
  /** One sentence for the pass-3 prompt. */
  readonly sentence: string
}

export interface RepositoryMetadata {
  /** Raw package.json text from the base branch; undefined when absent. */
  readonly packageJson?: string | undefined
  /** README text from the base branch; undefined when absent. */
  readonly readme?: string | undefined
}

const TERMS: Record<SensitivityCategory, readonly string[]> = {
  financial: [
    'stripe',
    'plaid',
    'paypal',
    'braintree',
    'adyen',
    'razorpay',
    'mollie',
    'gocardless',
    'chargebee',
    'recurly',
    'payment',
    'payments',
    'billing',
    'invoice',
    'invoices',
    'invoicing',
    'checkout',
    'banking',
    'bank account',
    'fintech',
    'ledger',
    'credit card',
    'iban',
    'pci',
    'pci-dss',
    'payroll',
    'accounting',
    'brokerage'
  ],
  pii: [
    'pii',
    'gdpr',
    'ccpa',
    'personal data',
    'personally identifiable',
    'ssn',
    'social security',
    'kyc',
    'date of birth',
    'passport number',
    'identity verification'
  ],
  health: [
    'hipaa',
    'patient',
    'patients',
    'medical',
    'health record',
    'health records',
    'ehr',
    'emr',
    'fhir',
    'hl7',
    'clinical',
    'phi',
    'healthcare',
    'diagnosis'
  ]
}

const CATEGORY_NAMES: Record<SensitivityCategory, string> = {
  pii: 'personal data',
  financial: 'financial data',
  health: 'health data'
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// Word-bounded and case-insensitive: "@stripe/stripe-js" matches "stripe", "stripes" does not.
const MATCHERS = (Object.keys(TERMS) as SensitivityCategory[]).flatMap((category) =>
  TERMS[category].map((term) => ({
    category,
    term,
    pattern: new RegExp(
      `(?<![A-Za-z0-9])${escapeRegExp(term).replace(/ /g, '[\\s_-]+')}(?![A-Za-z0-9])`,
      'i'
    )
  }))
)

const packageSchema = z.object({
  name: z.string().optional().catch(undefined),
  description: z.string().optional().catch(undefined),
  keywords: z.array(z.string()).optional().catch(undefined),
  dependencies: z.record(z.string(), z.unknown()).optional().catch(undefined),
  devDependencies: z.record(z.string(), z.unknown()).optional().catch(undefined),
  peerDependencies: z.record(z.string(), z.unknown()).optional().catch(undefined)
})

/** The texts to scan, each with the source label the signal will carry. */
function sources(metadata: RepositoryMetadata): { source: string; text: string }[] {
  const found: { source: string; text: string }[] = []
  if (metadata.packageJson !== undefined) {
    let json: unknown
    try {
      json = JSON.parse(metadata.packageJson)
    } catch {
      json = undefined
    }
    const parsed = packageSchema.safeParse(json)
    if (parsed.success) {
      const pkg = parsed.data
      found.push({ source: 'package.json name', text: pkg.name ?? '' })
      found.push({ source: 'package.json description', text: pkg.description ?? '' })
      found.push({ source: 'package.json keywords', text: (pkg.keywords ?? []).join('\n') })
      const deps = [pkg.dependencies, pkg.peerDependencies, pkg.devDependencies]
        .flatMap((record) => Object.keys(record ?? {}))
        .join('\n')
      found.push({ source: 'package.json dependencies', text: deps })
    } else {
      // Not an object we understand: still worth scanning as text.
      found.push({ source: 'package.json', text: metadata.packageJson })
    }
  }
  if (metadata.readme !== undefined) found.push({ source: 'README', text: metadata.readme })
  return found
}

function describeSignals(signals: readonly SensitivitySignal[]): string {
  const shown = signals.slice(0, 6).map((signal) => `"${signal.term}" in ${signal.source}`)
  const more = signals.length > shown.length ? ` and ${signals.length - shown.length} more` : ''
  return `${shown.join(', ')}${more}`
}

function joinNames(names: readonly string[]): string {
  return names.length <= 1
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
}

export function assessSensitivity(metadata: RepositoryMetadata): SensitivityAssessment {
  const signals: SensitivitySignal[] = []
  const seen = new Set<string>()
  for (const { source, text } of sources(metadata)) {
    for (const { category, term, pattern } of MATCHERS) {
      if (seen.has(term) || !pattern.test(text)) continue
      seen.add(term)
      signals.push({ category, term, source })
    }
  }
  const categories = (Object.keys(TERMS) as SensitivityCategory[]).filter((category) =>
    signals.some((signal) => signal.category === category)
  )
  if (categories.length > 0) {
    const names = joinNames(categories.map((category) => CATEGORY_NAMES[category]))
    return {
      level: 'high',
      categories,
      signals,
      promotesSecurity: true,
      sentence:
        `HIGH: the repository appears to handle ${names} (signals: ${describeSignals(signals)}). ` +
        'Apply strict security rigor. The tool adds +2 (max 10) to your security findings in this pass, so score them at their honest base level.'
    }
  }
  const read = [
    ...(metadata.packageJson === undefined ? [] : ['package.json']),
    ...(metadata.readme === undefined ? [] : ['the README'])
  ]
  const none = read.length === 0
  return {
    level: none ? 'unknown' : 'standard',
    categories,
    signals,
    promotesSecurity: false,
    sentence: none
      ? 'UNKNOWN: the base branch has neither a package.json nor a README to judge from. Apply the usual security rigor and judge the data the changed code handles.'
      : `STANDARD: ${joinNames(read)} ${read.length === 1 ? 'shows' : 'show'} no sign of personal, financial or health data. Apply the usual security rigor; raise the bar where the changed code itself handles such data.`
  }
}
