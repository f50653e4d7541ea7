/**
 * Runs the action's real run() the way a runner would: INPUT_* and GITHUB_*
 * variables, an event payload file, a GITHUB_OUTPUT file. Returns the outputs
 * and every workflow command the action printed.
 */
import * as core from '@actions/core'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { run, type RunOptions } from '../../src/main.js'

export interface ActionRunResult {
  readonly outputs: Record<string, string>
  /** What the run wrote to GITHUB_STEP_SUMMARY. */
  readonly jobSummary: string
  /** What the run saved with core.saveState (GITHUB_STATE), in the same heredoc format. */
  readonly savedState: Record<string, string>
  /** Everything written to stdout (workflow commands included). */
  readonly stdout: string
  readonly failed: boolean
}

export interface ActionRunInput {
  readonly eventName: string
  readonly payload: unknown
  readonly inputs: Record<string, string>
  readonly apiUrl?: string
  readonly actor?: string
  readonly options?: RunOptions
  /** More runner variables, e.g. GITHUB_WORKSPACE. */
  readonly env?: Record<string, string>
}

/** Parses the heredoc format @actions/core writes to GITHUB_OUTPUT. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const pattern = /^([^<\n]+)<<(\S+)\n([\s\S]*?)\n\2$/gm
  for (const match of text.matchAll(pattern)) outputs[match[1] as string] = match[3] as string
  return outputs
}

let sharedSummaryPath: string | undefined

async function stepSummaryPath(): Promise<string> {
  sharedSummaryPath ??= join(await mkdtemp(join(tmpdir(), 'step-summary-')), 'summary.md')
  return sharedSummaryPath
}

export async function runAction(input: ActionRunInput): Promise<ActionRunResult> {
  const dir = await mkdtemp(join(tmpdir(), 'action-run-'))
  const saved = { ...process.env }
  const savedExitCode = process.exitCode
  const eventPath = join(dir, 'event.json')
  const outputPath = join(dir, 'output.txt')
  // @actions/core caches the summary file path for the life of the process,
  // so every run in a test process writes to the same file (emptied first).
  const summaryPath = await stepSummaryPath()
  const statePath = join(dir, 'state.txt')
  await writeFile(eventPath, JSON.stringify(input.payload))
  await writeFile(outputPath, '')
  await writeFile(summaryPath, '')
  core.summary.emptyBuffer()
  await writeFile(statePath, '')
  for (const key of Object.keys(process.env)) {
    if (key.startsWith('INPUT_') || key.startsWith('GITHUB_')) delete process.env[key]
  }
  for (const [name, value] of Object.entries(input.inputs)) {
    process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  Object.assign(process.env, {
    GITHUB_EVENT_NAME: input.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_STATE: statePath,
    GITHUB_API_URL: input.apiUrl ?? 'http://127.0.0.1:9',
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_ACTOR: input.actor ?? 'Codertocat',
    GITHUB_RUN_ID: '42',
    ...input.env
  })
  const chunks: string[] = []
  const originalWrite = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
    return true
  }) as typeof process.stdout.write
  process.exitCode = undefined
  try {
    await run(input.options)
    const failed = process.exitCode === 1
    const outputs = parseOutputFile(await readFile(outputPath, 'utf8'))
    const jobSummary = await readFile(summaryPath, 'utf8')
    const savedState = parseOutputFile(await readFile(statePath, 'utf8'))
    return { outputs, jobSummary, savedState, stdout: chunks.join(''), failed }
  } finally {
    process.stdout.write = originalWrite
    process.exitCode = savedExitCode
    process.env = saved
    await rm(dir, { recursive: true, force: true })
  }
}
