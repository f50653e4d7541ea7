/**
 * Who speaks in a bot thread. Only "the developer" (whoever the caller says:
 * the PR author or a collaborator with write access) takes part in a
 * dispute; any other human is a bystander whose reply is context only, so a
 * passer-by cannot push a thread towards escalation or the developer's call.
 * Bots never speak.
 */
import { isBotLogin } from './bot-comments.js'
import type { Author } from '../pull-request/pr-data.js'

/** True when `login` (as the API returned it) is the developer. */
export type DeveloperPredicate = (login: string) => boolean

export type Speaker = 'developer' | 'bystander' | 'bot'

/**
 * Without a predicate every human is the developer (the rule before the
 * predicate existed). With one, a deleted account cannot be checked, so it
 * is a bystander.
 */
export function speakerOf(
  author: Author | null,
  botLogins: readonly string[],
  isDeveloper: DeveloperPredicate | undefined
): Speaker {
  // Other bots, and our own identity in a comment without the marker.
  if (author !== null && (author.isBot || isBotLogin(author, botLogins))) return 'bot'
  if (isDeveloper === undefined) return 'developer'
  return author !== null && isDeveloper(author.login) ? 'developer' : 'bystander'
}
