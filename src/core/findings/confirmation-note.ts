/**
 * What a published finding's comment says about its confirmation: confirmed
 * with the failing test the confirmers wrote, or unconfirmed and why. The
 * test is shown as plain code in a fence with a language, never as a
 * ```suggestion block (GitHub would offer to commit it into the code under
 * review); the sanitizer turns any suggestion fence into plain code anyway.
 */
import type { Confirmation } from './confirmation.js'
import { UNCONFIRMED_VERDICT_CAP } from './confirmation.js'
import { longestRun } from '../text-safety/markdown-fences.js'

/** Fence languages by file extension; anything else is `text`. */
const LANGUAGES: Readonly<Record<string, string>> = {
  ts: 'ts',
  tsx: 'tsx',
  mts: 'ts',
  cts: 'ts',
  js: 'js',
  jsx: 'jsx',
  mjs: 'js',
  cjs: 'js',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  rb: 'ruby',
  php: 'php',
  cs: 'csharp',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  swift: 'swift',
  scala: 'scala',
  sh: 'sh',
  bash: 'bash',
  sql: 'sql'
}

/** The fence language of a file's test: from its extension, `text` when unknown. */
export function testLanguage(file: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase() ?? ''
  return LANGUAGES[extension] ?? 'text'
}

/** The test as a fenced code block, its fence longer than any backtick run inside. */
export function failingTestBlock(file: string, test: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(test, '`') + 1))
  return `${fence}${testLanguage(file)}\n${test.trim()}\n${fence}`
}

/** The paragraph appended to a published finding's body; '' when it was not confirmed. */
export function confirmationNote(file: string, confirmation: Confirmation | undefined): string {
  if (confirmation === undefined || confirmation.outcome === 'refuted') return ''
  const test =
    confirmation.failingTest === undefined || confirmation.failingTest.trim() === ''
      ? undefined
      : failingTestBlock(file, confirmation.failingTest)
  if (confirmation.outcome === 'confirmed') {
    if (confirmation.basis === 'earlier-run') return '**Confirmed** in an earlier review.'
    const lead = '**Confirmed** by two independent checks.'
    return test === undefined
      ? lead
      : `${lead} A minimal failing test (written out, not run):\n\n${test}`
  }
  const lead = `⚠️ **Unconfirmed:** ${confirmation.note}. It weighs at most ${UNCONFIRMED_VERDICT_CAP} in the verdict (request changes, never more).`
  return test === undefined
    ? lead
    : `${lead} The failing test one check wrote (not run):\n\n${test}`
}

/** The body with its confirmation note after it. */
export function withConfirmationNote(
  body: string,
  file: string,
  confirmation: Confirmation | undefined
): string {
  const note = confirmationNote(file, confirmation)
  return note === '' ? body : `${body}\n\n${note}`
}
