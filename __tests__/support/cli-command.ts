/**
 * The review-my-code-bot command as the CLI end-to-end tests run it: `tsx
 * src/cli/cli-entry.ts` as a child process in a temporary git repository with no
 * remote, the project's opencode binary and the scripted fake model (pointed
 * at by --opencode-config, the key from OPENCODE_API_KEY).
 */
import { fileURLToPath } from 'node:url'
import { FAKE_API_KEY, FAKE_MODEL, fakeProviderOverrides } from './fake-model/index.js'
import { OPENCODE_BIN } from './fake-model/sidecar.js'
import { commitFiles, lines, makeLocalRepo } from './local-repo.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))
export const CLI = fileURLToPath(new URL('../../src/cli/cli-entry.ts', import.meta.url))

/** The environment of a developer's shell: nothing but PATH, a HOME of its own and the key. */
export function commandEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'] ?? '',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    OPENCODE_API_KEY: FAKE_API_KEY,
    TSX_TSCONFIG_PATH: `${ROOT}tsconfig.json`
  }
}

/** `review` with the fake model's provider and the project's opencode binary. */
export function reviewArgs(modelBaseUrl: string, extra: readonly string[] = []): string[] {
  return [
    CLI,
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
