/** zod schemas for the parts of GitHub REST responses the gateway relies on. */
import { z } from 'zod'
import type { Author } from '../core/pull-request/pr-data.js'

/** REST account: an App's login keeps its "[bot]" suffix here. */
export const RestUser = z.object({ login: z.string(), type: z.string() })

/**
 * GET collaborators/{login}/permission: `permission` is the legacy level
 * (maintain reads as write), `role_name` the role itself, custom roles included.
 */
export const RestCollaboratorPermission = z.object({
  permission: z.string(),
  role_name: z.string().optional()
})

export function restAuthor(user: z.output<typeof RestUser> | null | undefined): Author | null {
  return user ? { login: user.login, isBot: user.type === 'Bot' } : null
}

/** A repository as a pull request's head and base name it. */
const RestRepository = z.object({ full_name: z.string().min(1) })

export const RestPullRequest = z.object({
  number: z.number().int(),
  title: z.string(),
  body: z.string().nullable(),
  draft: z.boolean().optional(),
  user: RestUser.nullable(),
  head: z.object({
    sha: z.string().min(1),
    ref: z.string(),
    // null when the fork that holds the head has been deleted.
    repo: RestRepository.nullable()
  }),
  base: z.object({ sha: z.string().min(1), ref: z.string(), repo: RestRepository }),
  requested_reviewers: z.array(RestUser).nullish(),
  requested_teams: z.array(z.object({ slug: z.string() })).nullish()
})

export const RestReview = z.object({
  user: RestUser.nullable(),
  state: z.string(),
  author_association: z.string(),
  submitted_at: z.string().nullish()
})

export const RestFile = z.object({
  filename: z.string(),
  previous_filename: z.string().optional(),
  status: z.string(),
  additions: z.number().int(),
  deletions: z.number().int(),
  patch: z.string().optional()
})

export const RestComment = z.object({
  id: z.number().int(),
  node_id: z.string(),
  html_url: z.string(),
  body: z.string().optional(),
  user: RestUser.nullable(),
  created_at: z.string()
})

export const RestReviewComment = RestComment.extend({
  path: z.string(),
  in_reply_to_id: z.number().int().optional(),
  pull_request_review_id: z.number().int().nullable()
})

export const RestCreatedReview = z.object({ id: z.number().int() })

/** POST .../comments/{id}/reactions answers the reaction (201 new, 200 already there). */
export const RestReaction = z.object({ id: z.number().int(), content: z.string() })

/** GET contents answers a file object, or an array for a directory. */
export const RestContents = z.union([
  z.object({
    type: z.literal('file'),
    encoding: z.string(),
    content: z.string()
  }),
  z.object({ type: z.string() }),
  z.array(z.unknown())
])

/** One entry of a directory as the contents API lists it. */
export const RestDirectoryEntry = z.object({
  type: z.string(),
  path: z.string()
})

/** An issue as the issues API lists it; pull requests carry `pull_request`. */
export const RestIssue = z.object({
  number: z.number().int(),
  html_url: z.string(),
  state: z.enum(['open', 'closed']),
  body: z.string().nullish(),
  user: RestUser.nullable(),
  pull_request: z.unknown().optional()
})

/** A conversation comment with its last edit. */
export const RestEditedComment = RestComment.extend({ updated_at: z.string() })

/** GET .../comments/{id}/reactions: each reaction with who reacted (null for a deleted account). */
export const RestUserReaction = RestReaction.extend({
  user: RestUser.nullable(),
  created_at: z.string()
})
