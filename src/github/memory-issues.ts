/**
 * Finding and opening the bot's memory issue. An issue is the bot's only when
 * one of the bot's logins created it AND its body carries both markers, so an
 * issue someone else titled or marked the same is never taken for it.
 */
import { z } from 'zod'
import { isBotLogin } from '../core/memory/bot-comments.js'
import {
  isMemoryIssueBody,
  MEMORY_ISSUE_TITLE,
  memoryIssueBody
} from '../core/names/memory-issue-marker.js'
import type {
  CreateMemoryIssueResult,
  FindMemoryIssueResult,
  MemoryIssueRef
} from '../ports/team-memory-store.js'
import { isUnprocessable } from './api-errors.js'
import { orForbidden, type MemoryContext } from './memory-access.js'
import { parseResponse } from './parse-response.js'
import { restAuthor, RestIssue } from './rest-schemas.js'
import { NO_AUTOMATIC_RETRY, writeOnce } from './write-once.js'

type Issue = z.output<typeof RestIssue>

function isOwnMemoryIssue(issue: Issue, botLogins: readonly string[]): boolean {
  return (
    issue.pull_request === undefined &&
    isBotLogin(restAuthor(issue.user), botLogins) &&
    isMemoryIssueBody(issue.body)
  )
}

function issueRef(issue: Issue): MemoryIssueRef {
  return { number: issue.number, url: issue.html_url, state: issue.state }
}

/**
 * The oldest of `login`'s issues (open or closed) that is the memory issue.
 * Pages oldest first and stops at the first match. GitHub refuses (422) a
 * creator it does not know, e.g. a configured App that is not installed:
 * that login has no issues.
 */
async function ownIssueBy(ctx: MemoryContext, login: string): Promise<Issue | undefined> {
  try {
    return await pagedOwnIssue(ctx, login)
  } catch (error) {
    if (isUnprocessable(error)) return undefined
    throw error
  }
}

async function pagedOwnIssue(ctx: MemoryContext, login: string): Promise<Issue | undefined> {
  const { owner, repo } = ctx
  const source = `GET /repos/${owner}/${repo}/issues?creator=${login}`
  const params = {
    owner,
    repo,
    creator: login,
    state: 'all',
    sort: 'created',
    direction: 'asc',
    per_page: 100
  } as const
  const found = await ctx.client.paginate(
    ctx.client.rest.issues.listForRepo,
    params,
    (response, done) => {
      const page = parseResponse(z.array(RestIssue), response.data, source)
      const own = page.find((issue) => isOwnMemoryIssue(issue, ctx.botLogins))
      if (own === undefined) return []
      done()
      return [own]
    }
  )
  return found[0]
}

/** Every bot login is asked in turn; the oldest memory issue among them wins. */
async function findOwnIssue(ctx: MemoryContext): Promise<Issue | undefined> {
  let oldest: Issue | undefined
  for (const login of new Set(ctx.botLogins.map((bot) => bot.trim()))) {
    const issue = await ownIssueBy(ctx, login)
    if (issue !== undefined && (oldest === undefined || issue.number < oldest.number))
      oldest = issue
  }
  return oldest
}

export async function findMemoryIssue(ctx: MemoryContext): Promise<FindMemoryIssueResult> {
  return orForbidden('read the issues to find its memory issue', async () => {
    const issue = await findOwnIssue(ctx)
    return issue === undefined ? { kind: 'missing' } : { kind: 'found', issue: issueRef(issue) }
  })
}

/** POST is not idempotent: after a 5xx the issue is looked for before it is sent again. */
export async function createMemoryIssue(ctx: MemoryContext): Promise<CreateMemoryIssueResult> {
  const { owner, repo } = ctx
  return orForbidden('open the memory issue', async () => {
    const issue = await writeOnce({
      what: 'the memory issue',
      attempts: ctx.attempts,
      pause: ctx.pause,
      create: async () => {
        const { data } = await ctx.client.rest.issues.create({
          owner,
          repo,
          title: MEMORY_ISSUE_TITLE,
          body: memoryIssueBody(),
          request: NO_AUTOMATIC_RETRY
        })
        return parseResponse(RestIssue, data, `POST /repos/${owner}/${repo}/issues`)
      },
      findExisting: () => findOwnIssue(ctx)
    })
    return { kind: 'created', issue: issueRef(issue) }
  })
}
