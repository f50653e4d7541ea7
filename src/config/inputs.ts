/**
 * The action's public surface: every input and output, in one table.
 *
 * action.yml is written by hand for humans, but a test checks it against this
 * table name by name and default by default, so the two cannot drift.
 */

export interface InputSpec {
  /** Exact input name as used in `with:`. */
  readonly name: string
  readonly description: string
  /** Default as written in action.yml (`undefined` = no default). */
  readonly actionDefault?: string
  /**
   * Default applied in code only. An input the repository config file may
   * also set has no action.yml default: the runner would fill it in, and an
   * explicit value in the workflow could no longer be told from an unset one.
   */
  readonly codeDefault?: string
  readonly required?: boolean
  /** Masked in logs with core.setSecret as soon as it is read. */
  readonly secret?: boolean
}

export const DEFAULT_OPENCODE_VERSION = '1.18.33'
export const DEFAULT_TRIGGER_PHRASE = '@review-my-code-bot'
export const DEFAULT_BOT_LOGINS = 'github-actions[bot],opencode-reviewer[bot]'

export const INPUTS = [
  {
    name: 'github_token',
    description: 'Token used for every GitHub API call. Never handed to the agent.',
    actionDefault: '${{ github.token }}',
    secret: true
  },
  {
    name: 'model',
    description: 'Model as provider/model, e.g. "anthropic/claude-sonnet-4-5".',
    required: true
  },
  {
    name: 'opencode_api_key',
    description:
      "API key of the model's provider. It stays in the action process: a loopback proxy adds it to each model request, the sidecar never holds it.",
    actionDefault: '',
    secret: true
  },
  {
    name: 'problem_score_threshold',
    description:
      'Findings scored below this (1-10) are never posted. Default 5; when set, it wins over the repository config file (.github/review-my-code-bot.yml).',
    codeDefault: '5'
  },
  {
    name: 'score_elevation_threshold',
    description:
      'How many suppressed findings (at least 2) the agent must combine before the combined finding may carry an elevated score.',
    actionDefault: '5'
  },
  {
    name: 'enable_web',
    description:
      "Allow the agent to use web fetch / web search tools, and the review's sidecar to reach public addresses (loopback, link-local, metadata and private addresses stay refused). Without it the sidecar reaches only the model and the action's tools: every other destination is refused, public ones included.",
    actionDefault: 'false'
  },
  {
    name: 'trigger_phrase',
    description: 'Mention that triggers a review from a PR comment.',
    actionDefault: DEFAULT_TRIGGER_PHRASE
  },
  {
    name: 'pr_number',
    description: 'Pull request to review on workflow_dispatch.',
    actionDefault: ''
  },
  {
    name: 'opencode_config',
    description:
      'JSON object deep-merged into the generated OpenCode config (e.g. a custom provider). Keys that weaken the sandbox are rejected.',
    actionDefault: ''
  },
  {
    name: 'opencode_version',
    description: 'opencode version to run.',
    actionDefault: DEFAULT_OPENCODE_VERSION
  },
  {
    name: 'opencode_path',
    description: 'Path to an existing opencode binary (skips the install).',
    actionDefault: ''
  },
  {
    name: 'pass_timeout_minutes',
    description: 'Deadline for each review pass, in minutes.',
    actionDefault: '10'
  },
  {
    name: 'max_comments',
    description:
      'Most new inline comments per run (0-100); the rest go into the summary comment. Default 25; when set, it wins over the repository config file (.github/review-my-code-bot.yml).',
    codeDefault: '25'
  },
  {
    name: 'allowed_bots',
    description:
      'Comma-separated bot logins allowed to trigger a review by mention. "*" is refused.',
    actionDefault: ''
  },
  {
    name: 'bot_logins',
    description: "Comma-separated logins whose marked comments count as this bot's own.",
    actionDefault: DEFAULT_BOT_LOGINS
  },
  {
    name: 'state_key',
    description:
      "Secret that signs the bot's state (an HMAC in every rmcoc block). When set, unsigned or mis-signed blocks are ignored, so other workflows posting as the same bot cannot forge it. At least 16 characters; empty: no signing.",
    actionDefault: '',
    secret: true
  },
  {
    name: 'fail_on',
    description:
      'Verdict at which the review-my-code-bot check run concludes "failure", so branch protection can require it: never, request_changes or needs_major_work.',
    actionDefault: 'never'
  },
  {
    name: 'dry_run',
    description:
      'Run the whole review but write nothing to the pull request (no review, comment, reaction or check run); the job summary shows what would have been posted.',
    actionDefault: 'false'
  },
  {
    name: 'provider_env',
    description:
      'Comma- or newline-separated names of environment variables holding cloud credentials for the model provider, passed to the review sidecar and masked: AWS_* (Bedrock), GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_*, GOOGLE_VERTEX_*, VERTEX_* (Vertex), AZURE_* (Azure). Any other name is refused.',
    actionDefault: ''
  },
  {
    name: 'reviewer_models',
    description:
      'Comma- or newline-separated provider/model list of extra reviewer models (at most 4). Each runs the four passes in its own sidecar, concurrently with `model`, and their findings are merged: a finding several models raise is published once, naming them. Each model multiplies the cost; only `model` answers earlier threads. Empty: `model` reviews alone.',
    actionDefault: ''
  },
  {
    name: 'discovery_runs',
    description:
      "How many times the primary `model` reviews (1-5), concurrently, each run in its own sidecar with its own focus hint in its pass prompts (built-in hints, or `discovery_hints` from the repository config file). Findings several runs raise are published once, naming the runs. Each run adds about one single review's cost and one sidecar; only the first run answers earlier threads; `reviewer_models` each review once beside them. 1: one run, no hint.",
    actionDefault: '1'
  },
  {
    name: 'confirm_min_score',
    description:
      'Staged findings scored at least this (1-10) are each checked by two independent confirmation sessions before they are published: refuted by both, not posted; split, posted as unconfirmed (it cannot raise the verdict above request_changes). "off" disables confirmation. Each confirmed finding costs two more agent sessions.',
    actionDefault: '9'
  },
  {
    name: 'confirm_model',
    description: 'Model (provider/model) of the confirmation sessions; empty: the model input.',
    actionDefault: ''
  },
  {
    name: 'confirm_max_exchanges',
    description:
      "Exchange rounds (0-3) when the two confirmers of a blocking finding disagree, or both confirm but a consensus check finds they describe different defects: each sees the other's answer and may adopt, refine or withdraw, then the round is judged again. Still split after the last round: published unconfirmed. Each round costs two confirmer turns and, when both confirm, one consensus check.",
    actionDefault: '2'
  },
  {
    name: 'auto_fix',
    description:
      'Fix mode after every review of a pull request from this repository: a fixer agent fixes the open findings in a copy of the head, the action runs the repository config\'s fix.verify commands, commits on the PR branch (contents: write) and reviews the commit, up to fix_max_rounds rounds. A write collaborator\'s "@review-my-code-bot fix" comment asks for the same once.',
    actionDefault: 'false'
  },
  {
    name: 'team_memory',
    description:
      "Team memory: the bot keeps what the team taught it (a finding conceded or left to the developer's call after the PR author's or a write collaborator's reason, or a write collaborator's thumbs-down on a finding) as one comment per learning in an issue of the repository it keeps (issues: write), shows the learnings in its prompts and holds back new findings they cover. Deleting a learning's comment makes the bot forget it. false: no memory read or written.",
    actionDefault: 'true'
  },
  {
    name: 'fix_max_rounds',
    description:
      'Rounds (1-3) of fix, verify, commit and review in fix mode. A finding reported fixed but raised again is stuck and not given to the fixer again.',
    actionDefault: '3'
  }
] as const satisfies readonly InputSpec[]

export type InputName = (typeof INPUTS)[number]['name']

export interface OutputSpec {
  readonly name: string
  readonly description: string
}

export const OUTPUTS = [
  {
    name: 'verdict',
    description: 'approve, request_changes or needs_major_work; empty when skipped.'
  },
  { name: 'findings_posted', description: 'Findings posted (inline or in the summary).' },
  { name: 'findings_suppressed', description: 'Findings dropped below the score threshold.' },
  { name: 'threads_resolved', description: 'Earlier threads resolved in this run.' },
  {
    name: 'findings_refuted',
    description:
      'Staged findings both confirmation sessions refuted, so they were not posted (confirm_min_score).'
  },
  { name: 'skipped_reason', description: 'Why no review ran; empty when one did.' },
  { name: 'input_tokens', description: 'Model input tokens of the run, as opencode reports them.' },
  {
    name: 'output_tokens',
    description: 'Model output tokens of the run, as opencode reports them.'
  },
  {
    name: 'cost_usd',
    description: 'Model cost of the run in US dollars, as opencode reports it (0 when unknown).'
  },
  {
    name: 'fix_status',
    description:
      'How fix mode ended: converged, manual_intervention_required, round_cap, verification_failed, branch_moved, refused or nothing_to_fix; empty when it did not run.'
  },
  {
    name: 'fix_commits',
    description: 'The commits fix mode made on the PR branch, space-separated; empty when none.'
  },
  {
    name: 'sarif_file',
    description:
      "Path of a SARIF 2.1.0 file of the pull request's open findings (this run's and earlier ones still open), for github/codeql-action/upload-sarif; empty when no full review ran."
  }
] as const satisfies readonly OutputSpec[]

export type OutputName = (typeof OUTPUTS)[number]['name']
