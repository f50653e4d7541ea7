/**
 * Validates a value against the SARIF 2.1.0 JSON schema as Microsoft ships
 * it in @microsoft/jest-sarif (sarif-2.1.0-rtm.5.json, a draft-04 schema),
 * with Ajv's draft-04 class and its format checks (uri, date-time).
 */
import ajvDraft04 from 'ajv-draft-04'
import ajvFormats from 'ajv-formats'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

// CommonJS packages: under NodeNext their classes are the `default` export.
const Ajv = ajvDraft04.default
const addFormats = ajvFormats.default
const require = createRequire(import.meta.url)
const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json')
const schema = JSON.parse(await readFile(schemaPath, 'utf8')) as Record<string, unknown>

// The schema's language pattern has a stray "]", an error only in Unicode mode.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false })
addFormats(ajv)
const validate = ajv.compile(schema)

/** The schema's complaints ("/runs/0/results/0/level: must be equal to ..."); [] when valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return []
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message}`)
}
