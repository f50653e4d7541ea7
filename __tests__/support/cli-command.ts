/**
 * The review-my-code-bot command as the CLI end-to-end tests run it: Node
 * running the CLI built from src/ (cli-bundle.ts) as a child process in a
 * temporary git repository with no remote, the project's opencode binary and
 * the scripted fake model (pointed at by --opencode-config, the key from
 * OPENCODE_API_KEY).
 */
import { FAKE_API_KEY, FAKE_MODEL, fakeProviderOverrides } from './fake-model/index.js'
import { OPENCODE_BIN } from './fake-model/sidecar.js'
import { commitFiles, lines, makeLocalRepo } from './local-repo.js'

/** The Node that runs the tests runs the command too. */
export const NODE = process.execPath

/** The environment of a developer's shell: nothing but PATH, a HOME of its own and the key. */
export function commandEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'] ?? '',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    OPENCODE_API_KEY: FAKE_API_KEY
  }
}

/** `review` with the fake model's provider and the project's opencode binary. */
export function reviewArgs(
  cli: string,
  modelBaseUrl: string,
  extra: readonly string[] = []
): string[] {
  return [
    cli,
    'review',
    '--model',
    FAKE_MODEL,
    '--opencode-config',
    JSON.stringify(fakeProviderOverrides(modelBaseUrl)),
    '--opencode-path',
    OPENCODE_BIN,
    ...extra
  ]
}

/** A repository on branch `feature` whose one commit adds a 12-line src/refunds.ts. */
export async function refundsRepo(): Promise<string> {
  const repo = await makeLocalRepo({ 'README.md': 'Refunds service\n' })
  await commitFiles(repo, { 'src/refunds.ts': lines('export const step', 12) }, 'add refunds')
  return repo
}
