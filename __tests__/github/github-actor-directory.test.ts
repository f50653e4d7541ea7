/**
 * The account and permission look-ups behind authorization, against the fake
 * GitHub: role names are kept, and an answer of an unexpected shape fails
 * with the request, the field, the value and what was expected.
 */
import { GitHubActorDirectory } from '../../src/github/github-actor-directory.js'
import { createGitHubClient } from '../../src/github/octokit.js'
import { authorizeActor } from '../../src/trigger/authorize.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import { json } from '../support/fake-github/router.js'

const PERMISSION_ROUTE = 'GET /repos/:owner/:repo/collaborators/:login/permission'

let github: FakeGitHub
let directory: GitHubActorDirectory
beforeEach(async () => {
  github = await new FakeGitHub().start()
  github.state.addUser('alice')
  const client = createGitHubClient({ token: 'ghs_test', baseUrl: github.url, msPerSecond: 1 })
  directory = new GitHubActorDirectory(client, 'octo-org', 'widgets')
})
afterEach(() => github.stop())

it('reads the account type and the role, maintain included', async () => {
  github.state.grant('octo-org', 'widgets', 'alice', 'maintain')

  expect(await directory.actorType('alice')).toBe('User')
  expect(await directory.repositoryPermission('alice')).toEqual({
    permission: 'write',
    roleName: 'maintain'
  })
})

it('a permission answer without role_name keeps the permission alone', async () => {
  github.fail(PERMISSION_ROUTE, json(200, { permission: 'admin', user: { login: 'alice' } }))

  expect(await directory.repositoryPermission('alice')).toEqual({ permission: 'admin' })
})

it('a permission answer without a permission fails naming the field; authorization denies', async () => {
  github.state.repo('octo-org', 'widgets')
  github.fail(PERMISSION_ROUTE, json(200, { role_name: 'write' }), 2)

  await expect(directory.repositoryPermission('alice')).rejects.toThrow(
    /^Unexpected GitHub response to GET \/repos\/octo-org\/widgets\/collaborators\/alice\/permission: permission: expected string; received nothing \(the field is missing\)$/
  )
  const verdict = await authorizeActor('alice', directory, [])
  expect(verdict.allowed).toBe(false)
  expect(verdict.reason).toMatch(
    /could not read the repository permission of "alice" \(Unexpected GitHub response/
  )
})

it('an account answer with a non-string type fails naming the field and the value', async () => {
  github.fail('GET /users/:login', json(200, { login: 'alice', type: 3 }))

  await expect(directory.actorType('alice')).rejects.toThrow(
    'Unexpected GitHub response to GET /users/alice: type: expected string; received 3'
  )
})
