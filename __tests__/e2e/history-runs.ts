/**
 * Helpers for the e2e tests that review one pull request run after run: a
 * file version with one line replaced, the four passes with pass 1's own
 * steps, a run that must succeed with the model requests (or played prompts
 * and tool results) it made, tool results parsed as JSON, and the summary
 * block of a record's text.
 */
import { expect } from '@jest/globals'
import { parseRmcoc, type SummaryBlock } from '../../src/core/memory/rmcoc.js'
import type { ScriptedToolCall, ScriptStep } from '../support/fake-model/index.js'
import { replaceLine } from '../support/pr-history.js'
import { pass, type Scenario } from './harness.js'
import type { FileVersion } from './push.js'

/** The files with line `line` of file `index` (0-based) replaced by `text`. */
export function withLine(
  files: readonly FileVersion[],
  index: number,
  line: number,
  text: string
): FileVersion[] {
  return files.map((file, i) =>
    i === index ? { ...file, head: replaceLine(file.head, line, [text]) } : file
  )
}

/** The four passes, with `first` as pass 1's own steps (tool calls, one step each). */
export function passes(...first: ScriptedToolCall[][]): ScriptStep[] {
  return [
    ...first.map((calls) => ({ toolCalls: calls })),
    ...pass(1),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  ]
}

export async function review(
  s: Scenario,
  options: { before?: string; inputs?: Record<string, string>; played?: boolean }
) {
  const first = s.model.requests.length
  const firstPlayed = {
    prompts: s.model.playedPrompts.length,
    results: s.model.playedToolResults.length
  }
  const result = await s.run(options)
  expect(result.stdout.split('\n').filter((line) => line.startsWith('::error'))).toEqual([])
  expect(result.failed).toBe(false)
  return {
    result,
    requests: s.model.requests.slice(first),
    /** A played run's prompts and tool results (nothing of a run through opencode). */
    played: {
      prompts: s.model.playedPrompts.slice(firstPlayed.prompts),
      results: s.model.playedToolResults.slice(firstPlayed.results)
    }
  }
}

/** Tool results that are JSON objects, parsed. */
export function jsonResults(texts: readonly string[]): Record<string, unknown>[] {
  return texts.flatMap((text) => {
    try {
      const value: unknown = JSON.parse(text)
      return typeof value === 'object' && value !== null ? [value as Record<string, unknown>] : []
    } catch {
      return []
    }
  })
}

export function summaryBlockOf(text: string | null | undefined): SummaryBlock {
  const parsed = parseRmcoc(text ?? '')
  if (!parsed.ok || parsed.block.kind !== 'summary') throw new Error('no summary block')
  return parsed.block
}
