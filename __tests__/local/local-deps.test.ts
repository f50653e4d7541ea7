/**
 * What local deps decide without starting an agent: the agent never runs a
 * program from the developer's work tree (the branch may be someone else's),
 * and only the developer speaks for the branch.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { localDirectory, withoutWorkTreePath } from '../../src/local/local-deps.js'
import type { LocalDepsInput } from '../../src/local/local-deps.js'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-deps-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

it('the agent starts with PATH minus the folders inside the work tree and the checkout, each one reported', async () => {
  const workTree = join(dir, 'repo')
  const checkout = join(dir, 'clone')
  const outside = join(dir, 'tools')
  for (const folder of [join(workTree, 'node_modules/.bin'), join(checkout, 'bin'), outside]) {
    await mkdir(folder, { recursive: true })
  }
  const warnings: string[] = []
  const input = {
    env: {
      PATH: [join(workTree, 'node_modules/.bin'), outside, join(checkout, 'bin')].join(delimiter),
      HOME: dir
    },
    workTree,
    log: { warning: (message: string) => void warnings.push(message) }
  } as unknown as LocalDepsInput
  const env = await withoutWorkTreePath(input, checkout)
  expect(env['PATH']).toBe(outside)
  expect(env['HOME']).toBe(dir)
  expect(warnings).toHaveLength(2)
  expect(warnings[0]).toContain(`PATH entry "${join(workTree, 'node_modules/.bin')}" left out`)
  expect(warnings[1]).toContain(`PATH entry "${join(checkout, 'bin')}" left out`)
})

it('only the developer has write access to the local pull request', async () => {
  const directory = localDirectory('dana-developer')
  expect(await directory.repositoryPermission('Dana-Developer')).toEqual({ permission: 'write' })
  expect(await directory.repositoryPermission('someone-else')).toEqual({ permission: 'none' })
})
