/** What authorization needs to know about a GitHub account. */
export interface RepositoryPermission {
  /** admin | write | read | none (maintain reports as write). */
  readonly permission: string
  /** admin | maintain | write | triage | read | a custom role name. */
  readonly roleName?: string
}

export interface ActorDirectory {
  /** Account type from the users API: "User", "Bot" or "Organization". */
  actorType(login: string): Promise<string>
  /** The account's permission on the repository under review. */
  repositoryPermission(login: string): Promise<RepositoryPermission>
}
