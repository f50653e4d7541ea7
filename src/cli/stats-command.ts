/**
 * `stats`: how the bot's findings ended. With --repo, from the outcomes
 * comments of the repository's memory issue on GitHub (read with
 * GITHUB_TOKEN, at GITHUB_API_URL or api.github.com; the bot's own comments
 * only, signed ones only when REVIEW_MY_CODE_BOT_STATE_KEY is set, as the
 * action reads them with `state_key`); without it, from this repository's
 * local state files. Rates over the last 90 days, as text, markdown or JSON.
 */
import { DEFAULT_BOT_LOGINS } from '../config/inputs.js'
import type { OutcomesBlock } from '../core/memory/rmcoc.js'
import { outcomeRates, type OutcomeRates } from '../core/team-memory/outcome-rates.js'
import { ratesMarkdown, ratesText } from '../core/team-memory/outcome-report.js'
import { createTeamMemoryStore } from '../github/github-memory-store.js'
import { createGitHubClient } from '../github/octokit.js'
import { readMemoryComments } from '../review/memory/memory-reading.js'
import type { Command } from './cli-args.js'
import { checkOutputFile, secretsOf } from './cli-commands.js'
import { REAL_ENGINE, type CliIo } from './cli-io.js'
import { emitText } from './render-report.js'
import { UsageError } from './cli-usage.js'
import { EXIT, type ExitCode } from './exit-codes.js'
import { printWarnings } from './progress-log.js'
import { terminalText } from './terminal-text.js'

type StatsCommand = Extract<Command, { name: 'stats' }>
type Repo = NonNullable<StatsCommand['repo']>

/** The environment variable holding the action's `state_key`, for signed memory. */
export const STATE_KEY_ENV = 'REVIEW_MY_CODE_BOT_STATE_KEY'

interface Read {
  readonly blocks: readonly OutcomesBlock[]
  /** "github:owner/name" or "local". */
  readonly source: string
  readonly warnings: readonly string[]
}

function githubAccess(io: CliIo): { token: string; apiUrl: string } {
  const token = io.env['GITHUB_TOKEN']?.trim() ?? ''
  if (token === '') {
    throw new UsageError(
      'stats --repo needs GITHUB_TOKEN: a token that may read the repository’s issues, got none'
    )
  }
  const apiUrl = io.env['GITHUB_API_URL']?.trim() || 'https://api.github.com'
  if (!URL.canParse(apiUrl)) {
    throw new UsageError(`GITHUB_API_URL must be a URL, got ${JSON.stringify(apiUrl)}`)
  }
  return { token, apiUrl }
}

/** The outcomes blocks of the memory issue; a refused or failed read throws. */
async function readRepo(command: StatsCommand, repo: Repo, io: CliIo): Promise<Read> {
  const { token, apiUrl } = githubAccess(io)
  const botLogins = command.botLogins ?? DEFAULT_BOT_LOGINS.split(',')
  const client = createGitHubClient({ token, baseUrl: apiUrl })
  const store = createTeamMemoryStore({ client, owner: repo.owner, repo: repo.name, botLogins })
  const source = `github:${repo.owner}/${repo.name}`
  const found = await store.findMemoryIssue()
  if (found.kind === 'forbidden') throw new Error(found.warning)
  if (found.kind === 'missing') {
    const warning = `${source} has no memory issue by ${botLogins.join(', ')} yet.`
    return { blocks: [], source, warnings: [warning] }
  }
  const listed = await store.listMemoryComments(found.issue)
  if (listed.kind === 'forbidden') throw new Error(listed.warning)
  const reading = readMemoryComments(listed.comments, {
    botLogins,
    stateKey: io.env[STATE_KEY_ENV]?.trim() ?? '',
    scope: { owner: repo.owner, repo: repo.name, number: found.issue.number }
  })
  const warnings = reading.ignored.map((why) => `memory issue #${found.issue.number}, ${why}`)
  return { blocks: reading.outcomes.map((kept) => kept.block), source, warnings }
}

async function readLocal(io: CliIo): Promise<Read> {
  const local = await (io.engine ?? REAL_ENGINE).localOutcomes(io.cwd)
  return { blocks: local.blocks, source: 'local', warnings: local.warnings }
}

function render(rates: OutcomeRates, source: string, format: string): string {
  if (format === 'json') return `${JSON.stringify({ source, ...rates }, null, 2)}\n`
  const title = source === 'local' ? 'local branches' : source.replace(/^github:/, '')
  if (format === 'markdown') return `## Review outcomes: ${title}\n\n${ratesMarkdown(rates)}\n`
  return `Review outcomes: ${title}\n\n${ratesText(rates)}\n`
}

export async function statsCommand(command: StatsCommand, io: CliIo): Promise<ExitCode> {
  await checkOutputFile(io, command.output.file)
  const token = io.env['GITHUB_TOKEN']?.trim() ?? ''
  const secrets = [...secretsOf(io), ...(token === '' ? [] : [token])]
  const read =
    command.repo === undefined ? await readLocal(io) : await readRepo(command, command.repo, io)
  printWarnings(io.stderr, read.warnings, secrets)
  const rates = outcomeRates(read.blocks, new Date())
  const text = terminalText(render(rates, read.source, command.output.format), secrets)
  await emitText(text, command.output.file, io)
  return EXIT.ok
}
