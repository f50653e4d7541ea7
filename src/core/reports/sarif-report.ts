/**
 * The PR's open findings as a SARIF 2.1.0 log, so a workflow can upload them
 * to code scanning. One run, one rule per category, a result per finding;
 * suppressed findings never reach it (they are not open findings). No I/O.
 */
import type { OpenFinding } from '../findings/open-finding.js'
import { sanitizePlainText } from '../text-safety/sanitize.js'
import { TOOL_NAME, TOOL_VERSION } from '../names/tool-identity.js'

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json'
/** Key of the finding's identity in each result's partialFingerprints. */
export const FINGERPRINT_KEY = 'rmcocFindingId/v1'
/** The rule of findings the model gave no usable category. */
export const UNCATEGORIZED = 'uncategorized'

export type SarifLevel = 'error' | 'warning' | 'note'

export interface SarifRule {
  readonly id: string
  readonly name: string
  readonly shortDescription: { readonly text: string }
}

export interface SarifLocation {
  readonly physicalLocation: {
    readonly artifactLocation: { readonly uri: string; readonly uriBaseId: '%SRCROOT%' }
    readonly region?: { readonly startLine: number; readonly endLine: number }
  }
}

export interface SarifResult {
  readonly ruleId: string
  readonly ruleIndex: number
  readonly level: SarifLevel
  readonly message: { readonly text: string }
  readonly locations?: readonly SarifLocation[]
  readonly partialFingerprints: Readonly<Record<string, string>>
  readonly properties: { readonly score: number }
}

export interface SarifLog {
  readonly $schema: string
  readonly version: '2.1.0'
  readonly runs: readonly [
    {
      readonly tool: {
        readonly driver: {
          readonly name: string
          readonly version: string
          readonly informationUri?: string
          readonly rules: readonly SarifRule[]
        }
      }
      readonly results: readonly SarifResult[]
    }
  ]
}

export interface SarifInput {
  readonly findings: readonly OpenFinding[]
  /** Exact secret values: never written into a message. */
  readonly secrets: readonly string[]
  /** Where the reviewer is documented (the action's repository); omitted when unknown. */
  readonly informationUri?: string
}

/**
 * The score's rubric band: 9-10 block the PR (error), 7-8 are logic risks
 * and rule violations (warning), anything lower that still passed the
 * threshold is advice (note).
 */
export function sarifLevel(score: number): SarifLevel {
  if (score >= 9) return 'error'
  return score >= 7 ? 'warning' : 'note'
}

/**
 * The rule id for a category: the model writes categories freely, so it is
 * reduced to lower-case letters, digits, '.', '_' and '-' (at most 40);
 * nothing left means uncategorized.
 */
export function ruleIdOf(category: string | undefined): string {
  const id = (category ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 40)
    .replace(/[-.]+$/, '')
  return id === '' ? UNCATEGORIZED : id
}

/** A repository-relative path as a URI reference: each segment percent-encoded. */
export function artifactUri(path: string): string {
  return path
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/')
}

function locationsOf(finding: OpenFinding): { locations?: SarifLocation[] } {
  if (finding.file.trim() === '') return {}
  const artifactLocation = { uri: artifactUri(finding.file), uriBaseId: '%SRCROOT%' as const }
  const region =
    finding.line === null || finding.line < 1
      ? undefined
      : { startLine: finding.line, endLine: finding.line }
  return {
    locations: [
      {
        physicalLocation: region === undefined ? { artifactLocation } : { artifactLocation, region }
      }
    ]
  }
}

function ruleFor(id: string): SarifRule {
  return {
    id,
    name: id,
    shortDescription: { text: `Review findings in the category "${id}".` }
  }
}

export function sarifLog(input: SarifInput): SarifLog {
  const rules: SarifRule[] = []
  const results = input.findings.map((finding): SarifResult => {
    const ruleId = ruleIdOf(finding.category)
    let ruleIndex = rules.findIndex((rule) => rule.id === ruleId)
    if (ruleIndex < 0) ruleIndex = rules.push(ruleFor(ruleId)) - 1
    return {
      ruleId,
      ruleIndex,
      level: sarifLevel(finding.score),
      message: { text: sanitizePlainText(finding.finding, { secrets: input.secrets }) },
      ...locationsOf(finding),
      partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
      properties: { score: finding.score }
    }
  })
  const driver = {
    name: TOOL_NAME,
    version: TOOL_VERSION,
    ...(input.informationUri === undefined ? {} : { informationUri: input.informationUri }),
    rules
  }
  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs: [{ tool: { driver }, results }] }
}
