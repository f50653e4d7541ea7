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
    const agreed =
      confirmation.consensus === undefined
        ? ''
        : ` They found the same defect: ${clipped(confirmation.consensus.explanation)}`
    const lead = `**Confirmed** by two independent checks.${agreed}`
    return test === undefined
      ? lead
      : `${lead}\n\nA minimal failing test (written out, not run):\n\n${test}`
  }
  const lead = `⚠️ **Unconfirmed:** ${confirmation.note}. It weighs at most ${UNCONFIRMED_VERDICT_CAP} in the verdict (request changes, never more).`
  return test === undefined
    ? lead
    : `${lead} The failing test one check wrote (not run):\n\n${test}`
}

/** Most characters of one model-written reason shown to people (the record keeps less). */
export const SHOWN_REASON_CHARS = 1500

function clipped(text: string, max = SHOWN_REASON_CHARS): string {
  const trimmed = text.trim()
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`
}

/**
 * Why an unconfirmed finding is unconfirmed, for people: both checks'
 * reasoning and tests (and the consensus check's view), as markdown to be
 * sanitized and then wrapped in a collapsed section by `detailsSection`.
 * '' when there is nothing to show.
 */
export function confirmationReasons(file: string, confirmation: Confirmation | undefined): string {
  if (confirmation?.outcome !== 'unconfirmed' || confirmation.answers === undefined) return ''
  const parts: string[] = []
  for (const [name, answer] of [
    ['A', confirmation.answers.a],
    ['B', confirmation.answers.b]
  ] as const) {
    if (answer === undefined) {
      parts.push(`**Check ${name}** gave no answer.`)
      continue
    }
    parts.push(`**Check ${name}: ${answer.verdict}.** ${clipped(answer.reasoning)}`)
    if (answer.failingTest.trim() !== '')
      parts.push(failingTestBlock(file, clipped(answer.failingTest, 4000)))
  }
  if (confirmation.consensus !== undefined && !confirmation.consensus.agree)
    parts.push(`**Consensus check:** ${clipped(confirmation.consensus.explanation)}`)
  return parts.join('\n\n')
}

/**
 * A collapsed section around already sanitized markdown: our markup, so it is
 * added after sanitizing (the sanitizer prints raw HTML as text). The
 * sanitized text cannot close it: every `<` in it is printed as `&lt;`.
 */
export function detailsSection(summary: string, sanitizedMarkdown: string): string {
  if (sanitizedMarkdown.trim() === '') return ''
  return `\n\n<details><summary>${summary}</summary>\n\n${sanitizedMarkdown}\n\n</details>`
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
