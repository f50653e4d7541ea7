/**
 * The check runs of a local review, kept in the state file: the run record's
 * home (the summary block in the output text), as on GitHub. Each carries the
 * bot's identity as its App, because the run-record lookup trusts only the
 * bot's check runs.
 */
import { normalizeLogin } from '../core/names/login.js'
import type { CheckRunData } from '../core/pull-request/pr-data.js'
import type {
  CheckRunCompletion,
  CheckRunInput,
  CheckRunResult,
  CheckRunStart,
  CheckRunUpdate
} from '../ports/review-gateway.js'
import type { StateStore, StoredCheckRun } from './local-state-file.js'

export class LocalCheckRuns {
  constructor(
    private readonly store: StateStore,
    private readonly now: () => Date
  ) {}

  /** Check runs named `name` on `sha`, in the shape the checks API is read into. */
  async list(sha: string, name: string): Promise<CheckRunData[]> {
    return this.store.state.checkRuns
      .filter((run) => run.name === name && run.headSha.toLowerCase() === sha.toLowerCase())
      .map((run) => ({
        id: run.id,
        name: run.name,
        appSlug: run.appSlug,
        headSha: run.headSha,
        status: run.status,
        conclusion: run.conclusion,
        completedAt: run.completedAt,
        text: run.text
      }))
  }

  private async add(run: Omit<StoredCheckRun, 'id' | 'appSlug'>): Promise<CheckRunResult> {
    const appSlug = normalizeLogin(this.store.state.botLogin)
    const id = await this.store.update((state) => {
      const checkId = this.store.nextId()
      state.checkRuns.push({ id: checkId, appSlug, ...run })
      return checkId
    })
    return { kind: 'created', id, url: `local:check-run/${id}` }
  }

  /** A completed check run (the run record). */
  create(input: CheckRunInput): Promise<CheckRunResult> {
    return this.add({
      name: input.name,
      headSha: input.headSha,
      status: 'completed',
      conclusion: input.conclusion,
      completedAt: this.now().toISOString(),
      title: input.title,
      summary: input.summary,
      text: input.text
    })
  }

  /** An in-progress check run, completed by `complete` at the end of the run. */
  start(input: CheckRunStart): Promise<CheckRunResult> {
    return this.add({
      name: input.name,
      headSha: input.headSha,
      status: 'in_progress',
      conclusion: null,
      completedAt: null,
      title: input.title,
      summary: input.summary,
      text: ''
    })
  }

  async complete(checkRunId: number, input: CheckRunCompletion): Promise<CheckRunUpdate> {
    const run = this.store.state.checkRuns.find((candidate) => candidate.id === checkRunId)
    if (run === undefined) throw new Error(`no check run ${checkRunId}`)
    await this.store.update(() => {
      Object.assign(run, {
        status: 'completed',
        conclusion: input.conclusion,
        completedAt: this.now().toISOString(),
        title: input.title,
        summary: input.summary,
        text: input.text
      })
    })
    const annotationsSent = input.annotations?.length ?? 0
    return {
      kind: 'updated',
      id: checkRunId,
      url: `local:check-run/${checkRunId}`,
      annotationsSent
    }
  }

  /** The head of the newest completed check run named `name`: the last head a run reviewed. */
  lastCompletedHead(name: string): string | undefined {
    const done = this.store.state.checkRuns.filter(
      (run) => run.name === name && run.status === 'completed' && run.completedAt !== null
    )
    done.sort((a, b) => (a.completedAt ?? '').localeCompare(b.completedAt ?? '') || a.id - b.id)
    return done.at(-1)?.headSha
  }
}
