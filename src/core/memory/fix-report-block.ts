/**
 * The rmcoc block of a fix report (one PR comment per fix-mode run): how the
 * loop ended, how many rounds ran, the commits it pushed and which findings
 * were fixed, rejected or got stuck. Ids only, no model text: the block stays
 * small and holds nothing untrusted.
 */
import { z } from 'zod'
import { commitSha } from './rmcoc-fields.js'

/** How a fix loop ended; the fix loop's own `FixStatus` is this list. */
export const FIX_REPORT_STATUSES = [
  'converged',
  'manual_intervention_required',
  'round_cap',
  'verification_failed',
  'branch_moved',
  'refused',
  'nothing_to_fix'
] as const

/** A finding as fix mode names it: its rmcoc id and its thread's root comment id ("F2@12"). */
const fixFindingId = z
  .string()
  .regex(
    /^[A-Za-z0-9_.:/-]{1,64}@[0-9]{1,20}$/,
    'must be a finding id and a comment id, e.g. "F2@12"'
  )

/** More findings than one round may be given, over every round. */
const idList = z.array(fixFindingId).max(200)

export const fixReportBlock = z.object({
  kind: z.literal('fix-report'),
  status: z.enum(FIX_REPORT_STATUSES),
  /** Rounds run; 0 when the loop did not start. */
  rounds: z.number().int().min(0).max(3),
  /** The commits pushed, oldest first (one per round at most). */
  commits: z.array(commitSha).max(3),
  fixed: idList,
  rejected: idList,
  stuck: idList
})
