/**
 * Argument schemas of the agent's tools (`github_*`, `submit_*`). They are the
 * boundary between the model and the action: the JSON Schema the model
 * receives is generated from them, and every call is parsed with them before
 * the port sees it. Each field carries a description because the model reads
 * it as documentation.
 */
import { z } from 'zod'
import type {
  GetFilePatchArgs,
  PostReviewCommentArgs,
  RecordTeamLearningArgs,
  ReplyToThreadArgs,
  ResolveThreadArgs,
  SubmitConfirmationArgs,
  SubmitCommentDraftArgs,
  SubmitConsensusArgs,
  SubmitPassResultsArgs,
  UpdateStagedFindingArgs
} from '../ports/review-tools.js'
import type { SubmitFixResultArgs } from '../ports/fixer-tools.js'

const nonEmpty = (description: string) => z.string().trim().min(1).describe(description)

/**
 * A repository path as the diff shows it: one line, no control characters.
 * The path is printed in the summary comment and its folded history, where
 * a line break would let it pose as the comment's own structure.
 */
const repoPath = (description: string) =>
  nonEmpty(description)
    .max(500)
    .refine((path) => !/[\p{Cc}]/u.test(path), 'file must be one line without control characters')

const threadId = nonEmpty(
  'The id of an existing review thread, exactly as github_get_run_state returned it.'
)

export const assessmentSchema = z
  .object({
    // Limits of the rmcoc block the finding is stored in (core/rmcoc.ts).
    finding: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .describe('One concise sentence: what is wrong (at most 500 characters).'),
    assessment: z
      .string()
      .trim()
      .min(1)
      .max(4000)
      .describe(
        'Why this matters: the impact, the failing case, the risk (at most 4000 characters).'
      ),
    score: z
      .number()
      .int()
      .min(1)
      .max(10)
      .describe('Severity from 1 (nit) to 10 (critical failure), per the scoring rubric.')
  })
  .describe('Structured assessment, stored with the comment so later runs can track the thread.')

export const getRunStateSchema = z.object({})

export const postReviewCommentSchema = z.object({
  file: repoPath('Path of the file, relative to the repository root, as shown in the diff.'),
  line: z
    .number()
    .int()
    .positive()
    .describe('Line number in the new version of the file; it must be part of the diff.'),
  body: nonEmpty(
    'Human-readable explanation for the developer (Markdown). Do not include the assessment JSON; the tool adds it.'
  ),
  assessment: assessmentSchema,
  category: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .describe(
      'Optional category, e.g. "security", "correctness", "performance", "maintainability", "agents-md". Use "security" for every security finding.'
    ),
  combines: z
    .array(z.string().trim().min(1))
    .max(50)
    .optional()
    .describe(
      'Pass 4 only: ids of earlier findings (e.g. "F2", "S5") that this finding merges and replaces.'
    )
}) satisfies z.ZodType<PostReviewCommentArgs>

export const updateStagedFindingSchema = z
  .object({
    finding_id: nonEmpty('Id of a staged finding, e.g. "F3", as the post tool returned it.'),
    action: z
      .enum(['withdraw', 'rescore'])
      .describe('"withdraw" drops the finding; "rescore" changes its score.'),
    score: z
      .number()
      .int()
      .min(1)
      .max(10)
      .optional()
      .describe('The new score (1-10); required for "rescore".'),
    reason: nonEmpty('Why: redundant with another finding, over- or under-scored, ...')
  })
  .refine((args) => args.action !== 'rescore' || args.score !== undefined, {
    message: 'score is required when action is "rescore"',
    path: ['score']
  }) satisfies z.ZodType<UpdateStagedFindingArgs>

export const replyToThreadSchema = z.object({
  thread_id: threadId,
  body: nonEmpty('The reply (Markdown).'),
  is_concession: z
    .boolean()
    .describe(
      'true when you accept the developer\u2019s point and drop the finding; false to maintain it.'
    )
}) satisfies z.ZodType<ReplyToThreadArgs>

export const resolveThreadSchema = z.object({
  thread_id: threadId,
  reason: nonEmpty(
    'Why the thread can be closed: the change that fixed it, or the explanation accepted.'
  )
}) satisfies z.ZodType<ResolveThreadArgs>

export const submitPassResultsSchema = z.object({
  pass_number: z
    .number()
    .int()
    .min(1)
    .max(4)
    .describe('The number of the pass you are completing, from 1 to 4.'),
  summary: nonEmpty('What this pass examined and found.'),
  has_blocking_issues: z
    .boolean()
    .describe('true when this pass found issues that must be fixed before merging.')
}) satisfies z.ZodType<SubmitPassResultsArgs>

export const getFilePatchSchema = z.object({
  file: nonEmpty(
    'Path of a file in the pull request\u2019s file list, exactly as listed there, e.g. "src/app.ts".'
  )
}) satisfies z.ZodType<GetFilePatchArgs>

export const submitConfirmationSchema = z
  .object({
    finding_id: nonEmpty('Id of the finding you were asked to confirm, e.g. "F3".'),
    verdict: z
      .enum(['confirmed', 'refuted'])
      .describe(
        '"confirmed" when the defect is real as described; "refuted" when the code does not have it.'
      ),
    reasoning: nonEmpty(
      'How you reasoned the defect out from the code: the path to the failure, or why it cannot happen.'
    ).max(4000),
    failing_test: z
      .string()
      .max(8000)
      .optional()
      .describe(
        'A minimal test, in the language of the file, that fails because of the defect (written out, not run). Required with "confirmed".'
      )
  })
  .refine((args) => args.verdict !== 'confirmed' || (args.failing_test ?? '').trim() !== '', {
    message: 'failing_test is required when verdict is "confirmed": write the minimal failing test',
    path: ['failing_test']
  }) satisfies z.ZodType<SubmitConfirmationArgs>

export const submitConsensusSchema = z.object({
  finding_id: nonEmpty('Id of the finding whose two answers you compared, e.g. "F3".'),
  agree: z
    .boolean()
    .describe(
      'true when both answers describe the same defect and their failing tests check it compatibly; false otherwise.'
    ),
  explanation: nonEmpty(
    'Why, in a few sentences a reviewer can check: the defect each answer describes and whether the tests agree.'
  ).max(2000)
}) satisfies z.ZodType<SubmitConsensusArgs>

export const recordTeamLearningSchema = z.object({
  thread_id: nonEmpty('Id of a thread the learnings prompt lists, exactly as it lists it.').max(
    100
  ),
  rule: nonEmpty(
    'The team\u2019s rule in ONE plain sentence: what the team holds to be fine here and why, general enough to apply to later findings of the same kind in this part of the code.'
  ).max(600)
}) satisfies z.ZodType<RecordTeamLearningArgs>

export const submitCommentDraftSchema = z.object({
  finding_id: nonEmpty('Id of the confirmed finding whose comment you drafted, e.g. "F3".'),
  body: nonEmpty(
    'The comment for the developer (Markdown): what is wrong, the path to the failure as the checks established it, and how to fix it. No score, no failing test (the action adds it).'
  ).max(4000)
}) satisfies z.ZodType<SubmitCommentDraftArgs>

const fixFindingId = nonEmpty(
  'Id of a finding you were given, exactly as the prompt lists it.'
).max(200)

/** Where each finding id of a fix answer appears past its first time, for the duplicate rule. */
function repeatedIds(args: SubmitFixResultArgs): Array<{ path: (string | number)[]; id: string }> {
  const seen = new Set<string>()
  const repeated: Array<{ path: (string | number)[]; id: string }> = []
  const entries = [
    ...args.fixed.map((entry, index) => ({ list: 'fixed', index, id: entry.finding_id })),
    ...args.rejected.map((entry, index) => ({ list: 'rejected', index, id: entry.finding_id }))
  ]
  for (const { list, index, id } of entries) {
    if (seen.has(id)) repeated.push({ path: [list, index, 'finding_id'], id })
    seen.add(id)
  }
  return repeated
}

/** The fixer's answer: every finding it was given, either fixed or rejected, once. */
export const submitFixResultSchema = z
  .object({
    fixed: z
      .array(
        z.object({
          finding_id: fixFindingId,
          description: nonEmpty('One line: how you fixed it.').max(1000)
        })
      )
      .max(200)
      .describe('The findings you fixed in the files, each with how.'),
    rejected: z
      .array(
        z.object({
          finding_id: fixFindingId,
          reason: nonEmpty(
            'Why you did not fix it: not a real defect, or a fix needing a decision you cannot take.'
          ).max(2000)
        })
      )
      .max(200)
      .describe('The findings you did not fix, each with why.')
  })
  .superRefine((args, context) => {
    for (const { path, id } of repeatedIds(args)) {
      context.addIssue({
        code: 'custom',
        path,
        message: `expected each finding once, in fixed or in rejected; "${id}" is listed again`
      })
    }
  }) satisfies z.ZodType<SubmitFixResultArgs>
