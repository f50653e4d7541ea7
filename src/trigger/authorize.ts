/**
 * Who may spend the repository's model budget by mentioning the bot or
 * dispatching a review: people with write access (asked from the API, never
 * inferred from author_association) and bots listed in allowed_bots.
 * Any failure to find out denies: fail closed.
 */
import { getErrorMessage } from '../core/errors/error-message.js'
import { normalizeLogin } from '../core/names/login.js'
import type { ActorDirectory } from '../ports/actor-directory.js'

export type Authorization =
  | { readonly allowed: true; readonly reason: string }
  | { readonly allowed: false; readonly reason: string }

const WRITE_PERMISSIONS = new Set(['admin', 'maintain', 'write'])

export async function authorizeActor(
  login: string,
  directory: ActorDirectory,
  allowedBots: readonly string[]
): Promise<Authorization> {
  let type: string
  try {
    type = await directory.actorType(login)
  } catch (error) {
    return {
      allowed: false,
      reason: `could not look up account "${login}" (${getErrorMessage(error)}); denying`
    }
  }
  if (type === 'Bot') {
    const listed = allowedBots.some((bot) => normalizeLogin(bot) === normalizeLogin(login))
    return listed
      ? { allowed: true, reason: `bot "${login}" is listed in allowed_bots` }
      : { allowed: false, reason: `"${login}" is a bot and is not listed in allowed_bots` }
  }
  if (type !== 'User') {
    return { allowed: false, reason: `"${login}" is a ${type} account, not a user; denying` }
  }
  try {
    const { permission, roleName } = await directory.repositoryPermission(login)
    const role = roleName ?? permission
    if (WRITE_PERMISSIONS.has(permission) || WRITE_PERMISSIONS.has(role)) {
      return { allowed: true, reason: `"${login}" has ${role} access` }
    }
    return {
      allowed: false,
      reason: `"${login}" has ${role} access; triggering a review needs write, maintain or admin`
    }
  } catch (error) {
    return {
      allowed: false,
      reason: `could not read the repository permission of "${login}" (${getErrorMessage(error)}); denying`
    }
  }
}
