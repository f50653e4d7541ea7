/** ActorDirectory backed by the users and collaborators REST APIs. */
import type { ActorDirectory, RepositoryPermission } from '../ports/actor-directory.js'
import type { GitHubClient } from './octokit.js'

export class GitHubActorDirectory implements ActorDirectory {
  constructor(
    private readonly client: GitHubClient,
    private readonly owner: string,
    private readonly repo: string
  ) {}

  async actorType(login: string): Promise<string> {
    const { data } = await this.client.rest.users.getByUsername({ username: login })
    return data.type
  }

  async repositoryPermission(login: string): Promise<RepositoryPermission> {
    const { data } = await this.client.rest.repos.getCollaboratorPermissionLevel({
      owner: this.owner,
      repo: this.repo,
      username: login
    })
    const roleName = (data as { role_name?: string }).role_name
    return roleName === undefined
      ? { permission: data.permission }
      : { permission: data.permission, roleName }
  }
}
