/**
 * Who speaks for the pull request in a dispute: its author and the
 * collaborators with write access (asked from the permission API, never
 * inferred from author_association). Anyone else's reply in a bot thread is
 * context for the agent and never settles or escalates a dispute. A lookup
 * that fails counts as "not a developer": fail closed, a bystander must not
 * be able to force an escalation.
 */
import { isBotLogin } from '../../core/memory/bot-comments.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import { normalizeLogin } from '../../core/names/login.js'
import type { PullRequestData, ReviewThreadData } from '../../core/pull-request/pr-data.js'
import type { ActorDirectory } from '../../ports/actor-directory.js'
import type { ReviewLog } from '../../ports/agent-session.js'

const WRITE_PERMISSIONS = new Set(['admin', 'maintain', 'write'])

/** True when the account may write to the repository (admin, maintain or write). */
export async function hasWriteAccess(directory: ActorDirectory, login: string): Promise<boolean> {
  const { permission, roleName } = await directory.repositoryPermission(login)
  return WRITE_PERMISSIONS.has(permission) || WRITE_PERMISSIONS.has(roleName ?? '')
}

/** Every human who wrote a reply (not a root comment) in any review thread. */
function replyAuthors(
  threads: readonly ReviewThreadData[],
  botLogins: readonly string[]
): string[] {
  const logins = new Map<string, string>()
  for (const thread of threads) {
    for (const reply of thread.comments.slice(1)) {
      const author = reply.author
      if (author === null || author.isBot || isBotLogin(author, botLogins)) continue
      logins.set(normalizeLogin(author.login), author.login)
    }
  }
  return [...logins.values()]
}

export interface DevelopersInput {
  readonly pr: PullRequestData
  readonly threads: readonly ReviewThreadData[]
  readonly directory: ActorDirectory
  readonly botLogins: readonly string[]
  readonly log: ReviewLog
}

/** The predicate the thread rebuild uses: true for the PR author and write collaborators. */
export async function developersOf(input: DevelopersInput): Promise<(login: string) => boolean> {
  const developers = new Set<string>()
  if (input.pr.author !== null) developers.add(normalizeLogin(input.pr.author.login))
  for (const login of replyAuthors(input.threads, input.botLogins)) {
    const key = normalizeLogin(login)
    if (developers.has(key)) continue
    try {
      const { permission, roleName } = await input.directory.repositoryPermission(login)
      if (WRITE_PERMISSIONS.has(permission) || WRITE_PERMISSIONS.has(roleName ?? '')) {
        developers.add(key)
      } else {
        input.log.debug(`${login} has ${roleName ?? permission} access: their replies are context.`)
      }
    } catch (error) {
      input.log.warning(
        `Could not read the repository permission of ${login} (${getErrorMessage(error)}); their replies count as comments, not as the developer's.`
      )
    }
  }
  return (login) => developers.has(normalizeLogin(login))
}
