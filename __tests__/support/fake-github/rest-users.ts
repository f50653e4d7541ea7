/** REST routes about accounts and repository permissions. */
import { json, notFound, type Router } from './router.js'
import type { FakeGitHubState } from './state.js'

export function registerUserRoutes(router: Router, state: FakeGitHubState): void {
  router.route('GET', '/users/:login', ({ params }) => {
    const user = state.users.get((params['login'] ?? '').toLowerCase())
    return user ? json(200, { login: user.login, id: 1, type: user.type }) : notFound()
  })

  router.route('GET', '/repos/:owner/:repo/collaborators/:login/permission', ({ params }) => {
    const repo = state.repos.get(`${params['owner']}/${params['repo']}`.toLowerCase())
    const user = state.users.get((params['login'] ?? '').toLowerCase())
    if (!repo || !user) return notFound()
    const granted = repo.permissions.get(user.login.toLowerCase())
    // GitHub answers "read" for anyone who can see a public repo, "none" otherwise.
    const permission = granted?.permission ?? 'none'
    return json(200, {
      permission,
      role_name: granted?.roleName ?? permission,
      user: { login: user.login, type: user.type }
    })
  })
}
