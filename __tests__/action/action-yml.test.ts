import { readFile } from 'node:fs/promises'
import { parse } from 'yaml'
import { INPUTS, OUTPUTS } from '../../src/config/inputs.js'

interface ActionYml {
  runs: { using: string; main: string }
  inputs: Record<string, { description?: string; default?: string; required?: boolean }>
  outputs: Record<string, { description?: string }>
}

const actionYml = parse(
  await readFile(new URL('../../action.yml', import.meta.url), 'utf8')
) as ActionYml

describe('action.yml and the Config parser agree', () => {
  it('runs on node24 from dist/index.js', () => {
    expect(actionYml.runs).toMatchObject({ using: 'node24', main: 'dist/index.js' })
  })

  it('declares exactly the inputs the parser reads', () => {
    expect(Object.keys(actionYml.inputs).sort()).toEqual(INPUTS.map((input) => input.name).sort())
  })

  it.each(INPUTS.map((input) => [input.name, input] as const))(
    'input %s: same default, required flag, a description',
    (name, spec) => {
      const declared = actionYml.inputs[name]
      expect(declared?.description?.length ?? 0).toBeGreaterThan(10)
      expect(declared?.default).toBe('actionDefault' in spec ? spec.actionDefault : undefined)
      expect(declared?.required ?? false).toBe('required' in spec ? spec.required : false)
    }
  )

  it('declares exactly the outputs the action sets, each described', () => {
    expect(Object.keys(actionYml.outputs).sort()).toEqual(
      OUTPUTS.map((output) => output.name).sort()
    )
    for (const output of OUTPUTS)
      expect(actionYml.outputs[output.name]?.description?.length ?? 0).toBeGreaterThan(10)
  })
})
