/**
 * Who resolved a thread matters: the PR's author cannot silence the bot's
 * finding (or an escalation) by clicking "Resolve conversation"; a reviewer
 * can settle it; a thread the bot reopened is open whatever GitHub says.
 */
import { rebuildRunState } from '../../src/core/memory/threads.js'
import {
  BOT_GRAPHQL,
  BOT_LOGINS,
  botRoot,
  comment,
  DEV,
  isDeveloper,
  replyBody,
  thread
} from './state-fixtures.js'

function stateOf(t: ReturnType<typeof thread>) {
  const rebuilt = rebuildRunState({
    threads: [t],
    issueComments: [],
    botLogins: BOT_LOGINS,
    isDeveloper,
    prAuthor: DEV.login
  })
  return rebuilt.state.threads[0]
}

it('the PR author resolving an open finding does not settle it', () => {
  const t = thread([botRoot()], { isResolved: true, resolvedBy: 'Alice' })
  expect(stateOf(t)).toMatchObject({ status: 'PENDING', github_resolved: true })
  expect(stateOf(t)?.resolution).toBeUndefined()
})

it('the PR author resolving an escalation leaves it to the humans', () => {
  const escalation = comment(BOT_GRAPHQL, replyBody('escalation', 'ESCALATED'))
  const t = thread([botRoot(), escalation], { isResolved: true, resolvedBy: 'alice' })
  expect(stateOf(t)?.status).toBe('ESCALATED')
})

it('a reviewer resolving it settles it as dismissed; an unknown resolver too', () => {
  expect(stateOf(thread([botRoot()], { isResolved: true, resolvedBy: 'bob' }))).toMatchObject({
    status: 'RESOLVED',
    resolution: 'dismissed'
  })
  expect(stateOf(thread([botRoot()], { isResolved: true, resolvedBy: null }))?.resolution).toBe(
    'dismissed'
  )
})

it('the bot’s own resolution stands whoever GitHub names', () => {
  const resolution = comment(BOT_GRAPHQL, replyBody('resolution', 'RESOLVED'))
  const t = thread([botRoot(), resolution], { isResolved: true, resolvedBy: 'alice' })
  expect(stateOf(t)).toMatchObject({ status: 'RESOLVED', resolution: 'fixed' })
})

it('a thread the bot reopened is open even when GitHub still shows it resolved', () => {
  const resolution = comment(BOT_GRAPHQL, replyBody('resolution', 'RESOLVED'))
  const reopening = comment(BOT_GRAPHQL, replyBody('reopening', 'PENDING'))
  const t = thread([botRoot(), resolution, reopening], { isResolved: true, resolvedBy: null })
  expect(stateOf(t)?.status).toBe('PENDING')
})
