/**
 * Scripting fix mode's agents on the fake model: the fixer's requests (those
 * offering `submit_fix_result`) answered step by step from what each request
 * says (its working directory, its finding ids), and the review of a fix
 * commit; everything else goes to the model's queue.
 */
import type { FakeModel, RecordedRequest, ScriptStep } from '../support/fake-model/index.js'
import { BASE_SHA, OWNER, pass, REPO, type Scenario } from './harness.js'

/** `fix.verify` in the repository config of the PR's base. */
export function repoConfig(scenario: Scenario, verify: readonly string[]): void {
  const yaml = `fix:\n  verify:\n${verify.map((c) => `    - ${JSON.stringify(c)}`).join('\n')}\n`
  scenario.github.state.setFileContent(
    OWNER,
    REPO,
    BASE_SHA,
    '.github/review-my-code-bot.yml',
    yaml
  )
}

export const offers = (request: RecordedRequest, name: string): boolean =>
  ((request.body?.tools ?? []) as Array<{ function?: { name?: string } }>).some(
    (t) => t.function?.name === name
  )

export const isFixerRequest = (request: RecordedRequest): boolean =>
  offers(request, 'submit_fix_result')

/** The fixer's requests answered in order by `steps`; returns the requests it saw. */
export function fixerScript(
  model: FakeModel,
  steps: Array<(request: RecordedRequest) => ScriptStep>
): RecordedRequest[] {
  const seen: RecordedRequest[] = []
  model.route = (request) => {
    if (!isFixerRequest(request)) return undefined
    seen.push(request)
    return steps[seen.length - 1]?.(request) ?? { text: 'Done.' }
  }
  return seen
}

/** The fixer's working directory, as opencode tells the model in its system prompt. */
export function workdir(request: RecordedRequest): string {
  const system = JSON.stringify(request.body?.messages ?? [])
  const found = /Working directory: ([^\\"]+?)\\n/.exec(system)?.[1]
  if (found === undefined) throw new Error('no working directory in the fixer request')
  return found
}

/** The finding ids of the round prompt. */
export function findingIds(request: RecordedRequest): string[] {
  const text = JSON.stringify(request.body?.messages ?? [])
  return [...text.matchAll(/## finding_id (\S+?)\\n/g)].map((m) => m[1] ?? '')
}

export const call = (name: string, args: Record<string, unknown>): ScriptStep => ({
  toolCalls: [{ name, arguments: args }]
})

/** The fixer reads `path`, edits `from` into `to`, and reports every finding fixed. */
export function fixingSteps(from: string, to: string, path: string) {
  return [
    (r: RecordedRequest) => call('read', { filePath: `${workdir(r)}/${path}` }),
    (r: RecordedRequest) =>
      call('edit', { filePath: `${workdir(r)}/${path}`, oldString: from, newString: to }),
    (r: RecordedRequest) =>
      call('submit_fix_result', {
        fixed: findingIds(r).map((id) => ({ finding_id: id, description: 'Clamped the total.' })),
        rejected: []
      })
  ]
}

/**
 * The review of the fix commit (real opencode): `first` (made when its first
 * request arrives) in pass 1, then the passes submit. The fixer's route
 * keeps answering the fixer, and the requests before the fixer's (the review
 * before the fix) go to the queue; returns the review's requests.
 */
export function reviewOfFix(
  model: FakeModel,
  first: () => ScriptStep[],
  /** The fixer and the review before it were played: every request is the review's. */
  options: { readonly fixerPlayed?: boolean } = {}
): RecordedRequest[] {
  const steps: ScriptStep[] = []
  const seen: RecordedRequest[] = []
  const fixer = model.route
  let fixing = options.fixerPlayed === true
  model.route = (request) => {
    fixing ||= isFixerRequest(request)
    const step = fixer?.(request)
    if (step !== undefined || !fixing) return step
    seen.push(request)
    if (steps.length === 0 && seen.length === 1)
      steps.push(...first(), ...pass(1), ...pass(2), ...pass(3), ...pass(4))
    return steps.shift()
  }
  return seen
}
