/**
 * In-memory GitHub state behind the fake server. Tests seed it directly and
 * read it back to assert what the action did.
 */

export interface FakeUser {
  readonly login: string
  /** "User", "Bot" or "Organization". */
  readonly type: string
}

export interface FakeRepoState {
  readonly owner: string
  readonly name: string
  /** login (lower-case) -> permission; missing = not a collaborator. */
  readonly permissions: Map<string, { permission: string; roleName: string }>
}

export class FakeGitHubState {
  readonly users = new Map<string, FakeUser>()
  readonly repos = new Map<string, FakeRepoState>()

  addUser(login: string, type = 'User'): FakeUser {
    const user = { login, type }
    this.users.set(login.toLowerCase(), user)
    return user
  }

  repo(owner: string, name: string): FakeRepoState {
    const key = `${owner}/${name}`.toLowerCase()
    let repo = this.repos.get(key)
    if (!repo) {
      repo = { owner, name, permissions: new Map() }
      this.repos.set(key, repo)
    }
    return repo
  }

  /** Grants a user a role; maintain and triage report as write and read, as GitHub does. */
  grant(owner: string, name: string, login: string, roleName: string): void {
    const permission = roleName === 'maintain' ? 'write' : roleName === 'triage' ? 'read' : roleName
    this.repo(owner, name).permissions.set(login.toLowerCase(), { permission, roleName })
  }
}
