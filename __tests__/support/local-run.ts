/**
 * Local runs for the local-mode tests: the config that points opencode at
 * the fake model, a log that records groups and warnings, and hooks that
 * stop every fake model and remove every repository a test started.
 */
import { rm } from 'node:fs/promises'
import { parseConfig, type Config } from '../../src/config/action-config.js'
import type { InputName } from '../../src/config/inputs.js'
import type { ReviewLog } from '../../src/ports/agent-session.js'
import { FAKE_MODEL, FakeModel, fakeProviderOverrides } from './fake-model/index.js'
import { OPENCODE_BIN } from './fake-model/sidecar.js'
import { makeLocalRepo } from './local-repo.js'

/** A local run's config: the fake model, reached by the real opencode binary. */
export function localConfigFor(fake: FakeModel): Config {
  const inputs: Partial<Record<InputName, string>> = {
    github_token: 'local',
    model: FAKE_MODEL,
    opencode_config: JSON.stringify(fakeProviderOverrides(fake.baseURL)),
    opencode_path: OPENCODE_BIN
  }
  return parseConfig((name) => inputs[name] ?? '')
}

export interface RecordedLog {
  readonly log: ReviewLog
  readonly groups: string[]
  readonly warnings: string[]
}

/** A log that keeps the titles of its groups and its warnings. */
export function recordingLog(): RecordedLog {
  const groups: string[] = []
  const warnings: string[] = []
  return {
    groups,
    warnings,
    log: {
      debug: () => undefined,
      info: () => undefined,
      warning: (message) => void warnings.push(message),
      group: (title, body) => {
        groups.push(title)
        return body()
      }
    }
  }
}

/**
 * Registers a hook that, after each test, stops the fake models started by
 * `startModel` and removes the repositories made by `makeRepo`.
 */
export function useLocalRuns() {
  const models: FakeModel[] = []
  const dirs: string[] = []
  afterEach(async () => {
    for (const model of models.splice(0)) await model.stop()
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
  })
  return {
    async startModel(): Promise<FakeModel> {
      const model = await FakeModel.start()
      models.push(model)
      return model
    },
    async makeRepo(...args: Parameters<typeof makeLocalRepo>): Promise<string> {
      const dir = await makeLocalRepo(...args)
      dirs.push(dir)
      return dir
    }
  }
}
