/**
 * Turns a failed argument parse into a message for the model: which field,
 * what it sent, what was expected. The model reads this as the tool's result
 * and is expected to call again with the field fixed, so it must be concrete.
 */
import { formatZodIssues, type ZodIssue } from '../core/errors/zod-issues.js'

export function invalidArgumentsMessage(
  toolName: string,
  issues: readonly ZodIssue[],
  input: unknown
): string {
  return [
    `Invalid arguments for ${toolName}; nothing was done.`,
    ...formatZodIssues(issues, input, { root: '(arguments)' }).map((line) => `- ${line}`),
    'Fix the fields above and call the tool again.'
  ].join('\n')
}
