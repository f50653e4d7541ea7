/** ActorDirectory backed by the users and collaborators REST APIs. */
import type { ActorDirectory, RepositoryPermission } from '../ports/actor-directory.js'
import type { GitHubClient } from './octokit.js'
import { parseResponse } from './parse-response.js'
import { RestCollaboratorPermission, RestUser } from './rest-schemas.js'

export class GitHubActorDirectory implements ActorDirectory {
  constructor(
    private readonly client: GitHubClient,
    private readonly owner: string,
    private readonly repo: string
  ) {}

  async actorType(login: string): Promise<string> {
    const { data } = await this.client.rest.users.getByUsername({ username: login })
    return parseResponse(RestUser, data, `GET /users/${login}`).type
  }

  async repositoryPermission(login: string): Promise<RepositoryPermission> {
    const { data: raw } = await this.client.rest.repos.getCollaboratorPermissionLevel({
      owner: this.owner,
      repo: this.repo,
      username: login
    })
    const data = parseResponse(
      RestCollaboratorPermission,
      raw,
      `GET /repos/${this.owner}/${this.repo}/collaborators/${login}/permission`
    )
    return data.role_name === undefined
      ? { permission: data.permission }
      : { permission: data.permission, roleName: data.role_name }
  }
}
