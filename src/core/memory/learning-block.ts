/**
 * The rmcoc block of a learning: a rule the team taught the bot when a
 * thread settled with a developer's reason (or a write collaborator's
 * thumbs-down). One comment per learning in the bot's memory issue; deleting
 * the comment makes the bot forget it.
 */
import { z } from 'zod'

/** How the team taught it: the bot conceded, the developer's call, a local dismissal, a thumbs-down. */
export const LEARNING_VIAS = ['concession', 'developers-call', 'dismissed', 'reaction'] as const
export type LearningVia = (typeof LEARNING_VIAS)[number]

export const MAX_RULE_CHARS = 300
export const MAX_SCOPE_GLOB_CHARS = 300
export const MAX_BRANCH_CHARS = 250

/** "L-" and 10 hex digits, derived from the source thread and the rule. */
export const learningIdField = z
  .string()
  .regex(/^L-[0-9a-f]{10}$/, 'must be "L-" and 10 lower-case hex digits, e.g. "L-0a1b2c3d4e"')

/** A GitHub login (bots never teach, so no "[bot]" suffix). */
export const loginField = z
  .string()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'must be a GitHub login (1-39 letters, digits, -)')

/**
 * A thread as the run state names it: a review thread's node id, or
 * "summary:<finding id>" for a finding published only in the summary.
 */
export const threadKeyField = z
  .string()
  .regex(
    /^[A-Za-z0-9_.:/=-]{1,72}$/,
    'must be a thread id of 1-72 characters of A-Z a-z 0-9 _ . : / = -'
  )

/**
 * Relative to the repository root, matched against whole paths. No
 * backticks or control characters: the glob is shown in prompts as code.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNSHOWABLE = /[`\u0000-\u001f\u007f]/

const scopeGlob = z
  .string()
  .min(1)
  .max(MAX_SCOPE_GLOB_CHARS)
  .refine((glob) => !glob.startsWith('/'), 'must be relative (no leading "/")')
  .refine((glob) => !UNSHOWABLE.test(glob), 'must hold no backtick or control character')

export const learningBlock = z.object({
  kind: z.literal('learning'),
  id: learningIdField,
  /** The team's rule, one sentence on one line. */
  rule: z
    .string()
    .trim()
    .min(1)
    .max(MAX_RULE_CHARS)
    .refine((rule) => !/[\r\n]/.test(rule), 'must be one line'),
  scope: z.object({
    path: scopeGlob,
    category: z.string().trim().min(1).max(40)
  }),
  /** The finding the rule came from, for wording overlap with new findings. */
  finding: z.string().trim().min(1).max(500),
  source: z.object({
    pr: z.number().int().positive(),
    thread: threadKeyField,
    url: z
      .url({ protocol: /^https$/ })
      .max(500)
      .optional(),
    /** Local mode: the branch it was taught on (its `pr` is then the local pull request, 1). */
    branch: z
      .string()
      .min(1)
      .max(MAX_BRANCH_CHARS)
      .refine((branch) => !UNSHOWABLE.test(branch), 'must hold no backtick or control character')
      .optional()
  }),
  taught_by: loginField,
  via: z.enum(LEARNING_VIAS),
  created_at: z.iso.datetime({ offset: true })
})
