/**
 * The bot's own comments never start a run. A comment counts as the bot's
 * when one of its logins wrote it (compared in one normalized form: REST and
 * GraphQL spell an App's login differently) or when it carries the marker,
 * which also covers someone pasting the bot's text back: answering a quote of
 * ourselves would start a loop.
 */
import type { Config } from '../config/action-config.js'
import { normalizeLogin } from '../core/names/login.js'
import { BOT_MARKER } from '../core/names/marker.js'

export function isBotAuthored(login: string, body: string, config: Config): boolean {
  const author = normalizeLogin(login)
  return config.botLogins.some((bot) => normalizeLogin(bot) === author) || body.includes(BOT_MARKER)
}
