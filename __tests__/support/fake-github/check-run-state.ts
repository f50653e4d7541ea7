/**
 * Check runs in the fake: kept per repository (GitHub attaches them to a
 * commit, not to a pull request), each owned by the GitHub App whose token
 * created it. The Actions token's runs belong to the "github-actions" app;
 * a run from any other app is what a forged record looks like.
 */
import { timestamp } from './pull-state.js'

export interface FakeApp {
  readonly id: number
  readonly slug: string
  readonly name: string
  /** Login of the account that owns the app. */
  readonly owner: string
}

/** The app behind the Actions GITHUB_TOKEN. */
export const GITHUB_ACTIONS_APP: FakeApp = {
  id: 15368,
  slug: 'github-actions',
  name: 'GitHub Actions',
  owner: 'github'
}

/** An app for a slug: the Actions app for its own slug, else a made-up app. */
export function appFor(app: string | FakeApp, id: number): FakeApp {
  if (typeof app !== 'string') return app
  if (app === GITHUB_ACTIONS_APP.slug) return GITHUB_ACTIONS_APP
  return { id, slug: app, name: app, owner: app }
}

export interface FakeCheckRunOutput {
  readonly title: string | null
  readonly summary: string | null
  readonly text: string | null
}

/** An annotation as a create or update request sent it. */
export interface FakeAnnotation {
  readonly path: string
  readonly start_line: number
  readonly end_line: number
  readonly annotation_level: string
  readonly title: string | null
  readonly message: string
}

export interface FakeCheckRun {
  readonly id: number
  readonly nodeId: string
  readonly name: string
  readonly headSha: string
  /** queued | in_progress | completed */
  status: string
  conclusion: string | null
  readonly startedAt: string
  completedAt: string | null
  readonly externalId: string | null
  detailsUrl: string | null
  output: FakeCheckRunOutput
  /** Every annotation sent, in order: each update appends its own. */
  readonly annotations: FakeAnnotation[]
  readonly app: FakeApp
}

/** A check run to seed; everything but name and commit has a default. */
export interface SeedCheckRun {
  readonly name: string
  readonly headSha: string
  /** Slug or app; default the Actions app. */
  readonly app?: string | FakeApp
  /** Default "completed". */
  readonly status?: string
  /** Default "success" when completed, else null. */
  readonly conclusion?: string | null
  readonly startedAt?: string
  /** Default `startedAt` when completed, else null. */
  readonly completedAt?: string | null
  readonly externalId?: string | null
  readonly detailsUrl?: string | null
  readonly title?: string | null
  readonly summary?: string | null
  readonly text?: string | null
}

export function newCheckRun(id: number, seed: SeedCheckRun): FakeCheckRun {
  const status = seed.status ?? 'completed'
  const done = status === 'completed'
  const startedAt = seed.startedAt ?? timestamp()
  return {
    id,
    nodeId: `CR_${id}`,
    name: seed.name,
    headSha: seed.headSha,
    status,
    conclusion: seed.conclusion === undefined ? (done ? 'success' : null) : seed.conclusion,
    startedAt,
    completedAt: seed.completedAt === undefined ? (done ? startedAt : null) : seed.completedAt,
    externalId: seed.externalId ?? null,
    detailsUrl: seed.detailsUrl ?? null,
    output: { title: seed.title ?? null, summary: seed.summary ?? null, text: seed.text ?? null },
    annotations: [],
    app: appFor(seed.app ?? GITHUB_ACTIONS_APP, id)
  }
}
