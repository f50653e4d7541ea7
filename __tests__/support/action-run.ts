/**
 * Runs the action's real run() the way a runner would: INPUT_* and GITHUB_*
 * variables, an event payload file, a GITHUB_OUTPUT file. Returns the outputs
 * and every workflow command the action printed.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { run, type RunOptions } from '../../src/main.js'

export interface ActionRunResult {
  readonly outputs: Record<string, string>
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
}

/** Parses the heredoc format @actions/core writes to GITHUB_OUTPUT. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const pattern = /^([^<\n]+)<<(\S+)\n([\s\S]*?)\n\2$/gm
  for (const match of text.matchAll(pattern)) outputs[match[1] as string] = match[3] as string
  return outputs
}

export async function runAction(input: ActionRunInput): Promise<ActionRunResult> {
  const dir = await mkdtemp(join(tmpdir(), 'action-run-'))
  const saved = { ...process.env }
  const savedExitCode = process.exitCode
  const eventPath = join(dir, 'event.json')
  const outputPath = join(dir, 'output.txt')
  await writeFile(eventPath, JSON.stringify(input.payload))
  await writeFile(outputPath, '')
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
    GITHUB_API_URL: input.apiUrl ?? 'http://127.0.0.1:9',
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_ACTOR: input.actor ?? 'Codertocat',
    GITHUB_RUN_ID: '42'
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
    return { outputs, stdout: chunks.join(''), failed }
  } finally {
    process.stdout.write = originalWrite
    process.exitCode = savedExitCode
    process.env = saved
    await rm(dir, { recursive: true, force: true })
  }
}
