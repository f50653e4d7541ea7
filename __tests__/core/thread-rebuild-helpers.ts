/**
 * Shorthands for the thread-rebuild tests: the bot's root finding, a
 * developer's reply, a marked bot reply of a given kind, the bot's rebuttal,
 * and `rebuild`, which rebuilds one bot thread and returns what was ignored.
 */
import { rebuildThread, type DeveloperPredicate } from '../../src/core/memory/threads.js'
import type { ReviewThreadData } from '../../src/core/pull-request/pr-data.js'
import {
  BOT_GRAPHQL,
  BOT_LOGINS,
  botRebuttal,
  botRoot,
  comment,
  devReply,
  replyBody
} from './state-fixtures.js'

export const root = botRoot
export const dev = devReply
export const bot = (...args: Parameters<typeof replyBody>) =>
  comment(BOT_GRAPHQL, replyBody(...args))
export const rebuttal = botRebuttal

/** Rebuilds a thread the bot started; throws when it is not one. */
export function rebuild(t: ReviewThreadData, developer?: DeveloperPredicate) {
  const ignored: Parameters<typeof rebuildThread>[2] = []
  const state = rebuildThread(t, BOT_LOGINS, ignored, developer)
  if (state === undefined) throw new Error('expected a bot thread')
  return { state, ignored }
}
