/**
 * The command's help text and the error every bad usage becomes: it names
 * the command or option, the value received and what was expected, and the
 * command exits 2 before doing any work.
 */
import { DEFAULT_BOT_LOGINS, DEFAULT_OPENCODE_VERSION } from '../config/inputs.js'

export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

export const COMMAND = 'review-my-code-bot'

export const USAGE = `Usage:
  ${COMMAND} review [options]          review the current branch against its merge base
  ${COMMAND} fix [options]             review, then fix, verify and commit on the current branch,
                                       review each fix commit; up to --max-rounds rounds
  ${COMMAND} status [--format F] [--output FILE]
                                       list the findings still open on the current branch
  ${COMMAND} dismiss <id> --reason "…" [--no-learn]
                                       record your call: the finding is never raised again on
                                       this branch, and the reason becomes a team learning that
                                       holds the same finding back on every branch (not with
                                       --no-learn; security findings and scores 9-10 still go out)
  ${COMMAND} learnings [--format F] [--output FILE]
                                       list the team learnings your dismissals taught
  ${COMMAND} forget <id>               forget a team learning (see learnings)
  ${COMMAND} stats [--repo owner/name] [--bot-logins L] [--format F] [--output FILE]
                                       how the bot's findings ended over the last 90 days
  ${COMMAND} --help | --version

Review options:
  --model provider/model          the model, e.g. anthropic/claude-sonnet-4-5 (required)
  --base <ref>                    compare with the merge base of <ref> and HEAD
                                  (default: the upstream's default branch, else main)
  --working-tree                  also review uncommitted changes to tracked files
  --fail-on <verdict>             exit 1 at this verdict: never (default), request_changes
                                  or needs_major_work
  --problem-score-threshold <n>   findings scored below n (1-10) are dropped (default 5)
  --score-elevation-threshold <n> suppressed findings needed to elevate a combined one (default 5)
  --max-comments <n>              findings reported per run, 0-100 (default 25)
  --pass-timeout-minutes <n>      deadline of each of the four passes (default 10)
  --enable-web                    let the agent fetch public web pages
  --opencode-config <json>        JSON object merged into the generated OpenCode config
  --opencode-version <version>    opencode version to run (default ${DEFAULT_OPENCODE_VERSION})
  --opencode-path <path>          an existing opencode binary
  --provider-env <names>          environment variables with cloud credentials for the model
                                  provider (AWS_*, GOOGLE_*, VERTEX_*, AZURE_*)
  --reviewer-models <models>      extra reviewer models (provider/model, comma-separated, at
                                  most 4): each reviews too, costing a review of its own
  --confirm-min-score <n|off>     findings scored at least n are checked by two confirmation
                                  sessions before they are reported (default 9)
  --confirm-model <model>         model of the confirmation sessions (default: --model)
  --team-memory <true|false>      false: review without the team learnings your dismissals
                                  taught (default true; see learnings)

Fix options (the review options but --working-tree, and):
  --max-rounds <n>                rounds of fix, verify, commit and review, 1-3 (default 3)
  fix needs a clean work tree (no staged or modified tracked files) and the commands that
  verify a fix in .github/review-my-code-bot.yml on the base: fix: { verify: ["npm test"] }

Stats options:
  --repo <owner/name>             read the outcomes kept in the repository's memory issue on
                                  GitHub (needs GITHUB_TOKEN; GITHUB_API_URL for GitHub
                                  Enterprise; REVIEW_MY_CODE_BOT_STATE_KEY when the action signs
                                  its state with state_key); without it, this repository's
                                  local review state (every branch)
  --bot-logins <logins>           whose outcomes comments count, comma-separated
                                  (default ${DEFAULT_BOT_LOGINS})

Output options (review, fix, status, stats and learnings):
  --format <format>               terminal (default), markdown, json or sarif (not for stats
                                  or learnings)
  --output <file>                 write the report to <file> instead of standard output

The model key is read from OPENCODE_API_KEY, never from a flag.
Exit codes: 0 done, 1 the verdict meets --fail-on (for fix, with --fail-on other than never, also
a fix that did not end converged or nothing_to_fix), 2 bad usage or a refused fix, 3 the review
could not complete, 130 interrupted (Ctrl-C: the review agent is stopped first).
`
