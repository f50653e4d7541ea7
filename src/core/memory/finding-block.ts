/**
 * The rmcoc block of a finding: the root comment of the bot's review thread,
 * with the finding, its assessment and score, and how it was raised and
 * confirmed. The model's tool calls write its kind-less form.
 */
import { z } from 'zod'
import { findingId, findingScore, reviewerList } from './rmcoc-fields.js'

export const findingBlock = z
  .object({
    kind: z.literal('finding'),
    finding: z.string().trim().min(1).max(500),
    assessment: z.string().trim().min(1).max(4000),
    score: findingScore,
    category: z.string().trim().min(1).max(40).optional(),
    /** Score before promotion by score elevation; never above `score`. */
    base_score: findingScore.optional(),
    /** Stable id, so later runs and replies can name the finding. */
    id: findingId.optional(),
    /**
     * The reviewer models (provider/model) that raised it, when several
     * reviewed: its agreement. Absent in blocks of single-model runs.
     */
    reviewers: reviewerList.optional(),
    /**
     * The outcome of the two confirmation sessions (confirm_min_score);
     * absent when the finding was not confirmed (below the score, or older).
     */
    confirmation: z.enum(['confirmed', 'unconfirmed']).optional(),
    /** Why, in a sentence or two: the consensus check's explanation, or why not confirmed. */
    confirmation_why: z.string().trim().min(1).max(1000).optional()
  })
  .refine((b) => b.base_score === undefined || b.base_score <= b.score, {
    message: 'base_score must not exceed score',
    path: ['base_score']
  })
