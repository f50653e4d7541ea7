/** The runner's GITHUB_* variables this action relies on, validated once. */
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { getErrorMessage } from '../core/errors/error-message.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'

const schema = z.object({
  GITHUB_EVENT_NAME: z.string().min(1, 'GITHUB_EVENT_NAME must be set by the runner'),
  GITHUB_EVENT_PATH: z.string().min(1, 'GITHUB_EVENT_PATH must be set by the runner'),
  GITHUB_API_URL: z.string().url('GITHUB_API_URL must be a URL').default('https://api.github.com'),
  GITHUB_SERVER_URL: z.string().default('https://github.com'),
  GITHUB_REPOSITORY: z.string().default(''),
  GITHUB_RUN_ID: z.string().default(''),
  GITHUB_ACTOR: z.string().default('')
})

export interface ActionEnvironment {
  readonly eventName: string
  readonly eventPath: string
  readonly apiUrl: string
  readonly serverUrl: string
  readonly repository: string
  readonly runId: string
  readonly actor: string
}

export function readEnvironment(env: NodeJS.ProcessEnv): ActionEnvironment {
  const blankAsUnset = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]])
  )
  const parsed = schema.safeParse(blankAsUnset)
  if (!parsed.success) {
    const problems = formatZodIssues(parsed.error.issues, blankAsUnset, { style: 'sentence' })
    throw new Error(`Runner environment: ${problems.join('; ')}`)
  }
  const e = parsed.data
  return {
    eventName: e.GITHUB_EVENT_NAME,
    eventPath: e.GITHUB_EVENT_PATH,
    apiUrl: e.GITHUB_API_URL,
    serverUrl: e.GITHUB_SERVER_URL,
    repository: e.GITHUB_REPOSITORY,
    runId: e.GITHUB_RUN_ID,
    actor: e.GITHUB_ACTOR
  }
}

export async function readEventPayload(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new Error(
      `Cannot read the event payload at GITHUB_EVENT_PATH=${path}: ${getErrorMessage(error)}`
    )
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new Error(`The event payload at GITHUB_EVENT_PATH=${path} is not JSON`)
  }
}
