import { readFile } from 'node:fs/promises'
import type { OpenFinding } from '../../src/core/findings/open-finding.js'
import {
  artifactUri,
  FINGERPRINT_KEY,
  ruleIdOf,
  sarifLevel,
  sarifLog,
  UNCATEGORIZED
} from '../../src/core/reports/sarif-report.js'
import { REDACTED } from '../../src/core/text-safety/sanitize.js'
import { TOOL_NAME, TOOL_VERSION } from '../../src/core/names/tool-identity.js'
import { sarifSchemaErrors } from '../support/sarif-schema.js'

const SECRET = 'sk-test-0123456789abcdefSECRET'

function open(extra: Partial<OpenFinding> & { fingerprint: string }): OpenFinding {
  return { file: 'src/app.ts', line: 12, score: 6, finding: 'Orders are mapped twice', ...extra }
}

const FINDINGS: OpenFinding[] = [
  open({ fingerprint: 'F1@101', score: 9, category: 'security', finding: 'SQL built from input' }),
  open({ fingerprint: 'F2@102', score: 7, category: 'correctness', line: 30 }),
  open({ fingerprint: 'F3@103', score: 8, category: 'Security', file: 'lib/util.ts', line: null }),
  open({ fingerprint: 'abc1234-20261123091500-F4', score: 5, file: '' }),
  open({ fingerprint: 'F5@105', finding: `Key ${SECRET} is committed`, file: 'docs/my file#1.md' })
]

const log = sarifLog({
  findings: FINDINGS,
  secrets: [SECRET],
  informationUri: 'https://github.com/your-org/opencode-pr-reviewer'
})
const run = log.runs[0]
const results = run.results

describe('sarifLog', () => {
  it('validates against the SARIF 2.1.0 JSON schema', () => {
    expect(sarifSchemaErrors(log)).toEqual([])
    // The file is written as JSON: what is read back validates too.
    expect(sarifSchemaErrors(JSON.parse(JSON.stringify(log)))).toEqual([])
  })

  it('is a 2.1.0 log with one run by review-my-code-bot at the package version', () => {
    expect(log.version).toBe('2.1.0')
    expect(log.$schema).toMatch(/^https:\/\/.*sarif-2\.1\.0/)
    expect(log.runs).toHaveLength(1)
    expect(run.tool.driver).toMatchObject({
      name: 'review-my-code-bot',
      version: TOOL_VERSION,
      informationUri: 'https://github.com/your-org/opencode-pr-reviewer'
    })
  })

  it('has one result per open finding, in the given order, with the score as a property', () => {
    expect(results.map((r) => r.partialFingerprints[FINGERPRINT_KEY])).toEqual(
      FINDINGS.map((f) => f.fingerprint)
    )
    expect(results.map((r) => r.properties.score)).toEqual([9, 7, 8, 5, 6])
  })

  it('levels: 9-10 error, 7-8 warning, below note', () => {
    expect(results.map((r) => r.level)).toEqual(['error', 'warning', 'warning', 'note', 'note'])
    expect([10, 9, 8, 7, 6, 1].map(sarifLevel)).toEqual([
      'error',
      'error',
      'warning',
      'warning',
      'note',
      'note'
    ])
  })

  it('one rule per category; results point at their rule by id and index', () => {
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual([
      'security',
      'correctness',
      UNCATEGORIZED
    ])
    for (const result of results) {
      expect(run.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId)
    }
    expect(results.map((r) => r.ruleId)).toEqual([
      'security',
      'correctness',
      'security',
      UNCATEGORIZED,
      UNCATEGORIZED
    ])
  })

  it('locations: repo-relative uri under %SRCROOT%, a one-line region when there is a line', () => {
    expect(results[1]?.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'src/app.ts', uriBaseId: '%SRCROOT%' },
          region: { startLine: 30, endLine: 30 }
        }
      }
    ])
    // File level: the file without a region.
    expect(results[2]?.locations?.[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: 'lib/util.ts', uriBaseId: '%SRCROOT%' }
    })
    // No file: a result without locations.
    expect(results[3]).not.toHaveProperty('locations')
    expect(results[4]?.locations?.[0]?.physicalLocation.artifactLocation.uri).toBe(
      'docs/my%20file%231.md'
    )
  })

  it('message: the sanitized finding, never a secret of the run', () => {
    expect(results[0]?.message.text).toBe('SQL built from input')
    expect(results[4]?.message.text).toContain(REDACTED)
    expect(JSON.stringify(log)).not.toContain(SECRET)
  })

  it('an empty list is a valid log with no results (the upload then closes old alerts)', () => {
    const empty = sarifLog({ findings: [], secrets: [] })
    expect(empty.runs[0].results).toEqual([])
    expect(empty.runs[0].tool.driver).not.toHaveProperty('informationUri')
    expect(sarifSchemaErrors(empty)).toEqual([])
  })
})

describe('the schema check can fail', () => {
  it.each<[string, (copy: Record<string, unknown>) => void, RegExp]>([
    [
      'a level SARIF does not know',
      (c) => set(c, ['runs', 0, 'results', 0, 'level'], 'critical'),
      /level/
    ],
    ['a missing version', (c) => delete c['version'], /version/],
    [
      'a start line of 0',
      (c) =>
        set(
          c,
          ['runs', 0, 'results', 1, 'locations', 0, 'physicalLocation', 'region', 'startLine'],
          0
        ),
      /startLine/
    ],
    [
      'a result without a message',
      (c) => set(c, ['runs', 0, 'results', 0, 'message'], undefined),
      /message/
    ]
  ])('rejects %s', (_name, breakIt, where) => {
    const copy = JSON.parse(JSON.stringify(log)) as Record<string, unknown>
    breakIt(copy)
    const errors = sarifSchemaErrors(JSON.parse(JSON.stringify(copy)))
    expect(errors.join('\n')).toMatch(where)
  })
})

describe('rule ids and uris', () => {
  it.each([
    ['security', 'security'],
    ['  Agents.MD ', 'agents.md'],
    ['error handling / retries', 'error-handling-retries'],
    ['---', UNCATEGORIZED],
    [undefined, UNCATEGORIZED],
    ['x'.repeat(60), 'x'.repeat(40)]
  ])('category %j → rule %s', (category, id) => {
    expect(ruleIdOf(category)).toBe(id)
  })

  it('percent-encodes each path segment and drops a leading slash', () => {
    expect(artifactUri('/src/a b/c?.ts')).toBe('src/a%20b/c%3F.ts')
  })
})

it('the tool version is the package version', async () => {
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'))
  expect(TOOL_VERSION).toBe(pkg.version)
  expect(TOOL_NAME).toBe('review-my-code-bot')
})

function set(target: Record<string, unknown>, path: (string | number)[], value: unknown): void {
  let node: Record<string | number, unknown> = target
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  node[path.at(-1) as string | number] = value
}
