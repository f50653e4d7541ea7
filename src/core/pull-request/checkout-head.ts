/**
 * The agent reads the code in the workspace, and its findings are posted on
 * the pull request's head: both must be the same commit, or the review
 * comments on code the PR does not hold. actions/checkout on a pull_request
 * event checks out the merge commit with the base by default, and on
 * issue_comment or workflow_dispatch the default branch: both are wrong.
 */

/** What `git rev-parse HEAD` said about the workspace. */
export type CheckoutHead =
  | { readonly kind: 'commit'; readonly sha: string }
  /** `reason` names the folder and what git (or its absence) said. */
  | { readonly kind: 'not-a-repository'; readonly reason: string }

/** The `ref:` that checks out the head for every event the action runs on. */
export const HEAD_REF_FIX =
  "check out the head with actions/checkout `ref: ${{ github.event.pull_request.head.sha || format('refs/pull/{0}/head', github.event.issue.number || inputs.pr_number) }}` " +
  '(a pull_request event checks out the merge commit by default, issue_comment and workflow_dispatch the default branch)'

/** Why the workspace cannot be reviewed as the PR's head; undefined when it is the head. */
export function checkoutProblem(checkout: CheckoutHead, prHeadSha: string): string | undefined {
  if (checkout.kind === 'not-a-repository') {
    return (
      `the checkout is not a git repository (${checkout.reason}), so nothing shows it is ` +
      `the pull request head ${prHeadSha}: ${HEAD_REF_FIX}`
    )
  }
  if (checkout.sha.toLowerCase() === prHeadSha.toLowerCase()) return undefined
  return `the checkout is ${checkout.sha}, the pull request head is ${prHeadSha}: ${HEAD_REF_FIX}`
}
