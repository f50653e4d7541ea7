import { readFile } from 'node:fs/promises'
import { parse } from 'yaml'
import { INPUTS } from '../../src/config/inputs.js'

interface ActionYml {
  inputs: Record<string, { default?: string; required?: boolean }>
  outputs: Record<string, unknown>
}

const actionYml = parse(
  await readFile(new URL('../../action.yml', import.meta.url), 'utf8')
) as ActionYml
const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8')

/** The rows of the markdown table under `## heading`: first cell (unquoted) → second cell. */
function tableUnder(heading: string): Map<string, string> {
  const section = readme.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? ''
  const rows = new Map<string, string>()
  for (const line of section.split('\n')) {
    const cells = /^\|\s*`([a-z_]+)`\s*\|([^|]*)\|/.exec(line)
    if (cells !== null) rows.set(cells[1] ?? '', (cells[2] ?? '').trim())
  }
  return rows
}

describe('the README documents what action.yml declares', () => {
  const inputs = tableUnder('Inputs')

  it('lists every input of action.yml, and no other', () => {
    expect([...inputs.keys()].sort()).toEqual(Object.keys(actionYml.inputs).sort())
  })

  // An input the repository config file may also set has its default in code only.
  it.each(INPUTS.map((spec) => [spec.name, spec] as const))(
    'input %s: the default action.yml or the code applies',
    (name, spec) => {
      const fallback =
        'actionDefault' in spec ? spec.actionDefault : 'codeDefault' in spec ? spec.codeDefault : ''
      const expected =
        'required' in spec ? '(required)' : `\`${fallback === '' ? "''" : fallback}\``
      expect(inputs.get(name)).toBe(expected)
    }
  )

  it('lists every output of action.yml, and no other', () => {
    expect([...tableUnder('Outputs').keys()].sort()).toEqual(Object.keys(actionYml.outputs).sort())
  })
})
