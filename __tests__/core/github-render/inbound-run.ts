/**
 * The inbound differential: what the model reads of a reply or a PR text
 * (the product's `neutralizeUntrusted`) against what a person sees of the
 * same text on GitHub (cmark-gfm's rendering, displayed-text.ts). Generated
 * texts carry unique marker words in every place a word can go (link text,
 * image alt, titles, comments, attributes, definitions, code); every marker
 * the model reads must be one a person can see, and the model's text holds
 * no invisible or bidi character.
 */
import { neutralizeUntrusted } from '../../../src/core/text-safety/untrusted-text.js'
import type { Renderer } from './cmark-renderer.js'
import { displayedText } from './displayed-text.js'
import { generateMarkdown } from './markdown-generator.js'
import { minimize } from './minimize.js'
import { caseSeed } from './seeded-random.js'

export type InboundCheck = 'hidden-text' | 'hidden-character'

export interface InboundProblem {
  readonly check: InboundCheck
  readonly detail: string
}

/** Ordinary words of the generator, each occurrence replaced by a unique marker. */
const MARKED_WORDS = /\b(?:text|note|value|see)\b/g
const MARKER = /mk\d+q/g

/* eslint-disable no-control-regex -- control characters are among what is looked for */
const INVISIBLE =
  /[\p{Default_Ignorable_Code_Point}\p{Cf}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/u
/* eslint-enable no-control-regex */

/** A generated text whose ordinary words are unique markers (`mk1q`, `mk2q`, ...). */
export function markedText(seed: number): string {
  let count = 0
  return generateMarkdown(seed).replace(MARKED_WORDS, () => `mk${(count += 1)}q`)
}

export async function checkInbound(renderer: Renderer, input: string): Promise<InboundProblem[]> {
  const view = neutralizeUntrusted(input, 'prose')
  const shown = new Set(displayedText(await renderer.render(input)).match(MARKER) ?? [])
  const problems: InboundProblem[] = []
  for (const marker of new Set(view.match(MARKER) ?? [])) {
    if (!shown.has(marker))
      problems.push({ check: 'hidden-text', detail: `${marker} is read but not shown` })
  }
  const invisible = INVISIBLE.exec(view)
  if (invisible !== null) {
    const code = (invisible[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
    problems.push({ check: 'hidden-character', detail: `U+${code} in what the model reads` })
  }
  return problems
}

export interface InboundFailure {
  readonly input: string
  readonly problems: readonly InboundProblem[]
}

export interface InboundReport {
  readonly cases: number
  readonly perCheck: ReadonlyMap<InboundCheck, number>
  /** Markers a person sees that the model does not read: what neutralizing costs. */
  readonly lostMarkers: number
  readonly shownMarkers: number
  readonly kept: readonly InboundFailure[]
}

async function lostCount(renderer: Renderer, input: string): Promise<[number, number]> {
  const view = new Set(neutralizeUntrusted(input, 'prose').match(MARKER) ?? [])
  const shown = new Set(displayedText(await renderer.render(input)).match(MARKER) ?? [])
  return [[...shown].filter((m) => !view.has(m)).length, shown.size]
}

export async function runInbound(
  renderer: Renderer,
  seed: number,
  cases: number,
  keep = 3
): Promise<InboundReport> {
  const perCheck = new Map<InboundCheck, number>()
  const kept: InboundFailure[] = []
  let lostMarkers = 0
  let shownMarkers = 0
  for (let i = 0; i < cases; i += 1) {
    const input = markedText(caseSeed(seed, i))
    const problems = await checkInbound(renderer, input)
    const [lost, shown] = await lostCount(renderer, input)
    lostMarkers += lost
    shownMarkers += shown
    for (const check of new Set(problems.map((p) => p.check)))
      perCheck.set(check, (perCheck.get(check) ?? 0) + 1)
    if (problems.length > 0 && kept.length < keep) kept.push({ input, problems })
  }
  return { cases, perCheck, lostMarkers, shownMarkers, kept }
}

/** Shrinks a failing input while it still fails `check`. */
export function minimizeInbound(
  renderer: Renderer,
  input: string,
  check: InboundCheck,
  maxTries?: number
): Promise<string> {
  const stillFails = async (text: string) =>
    (await checkInbound(renderer, text)).some((p) => p.check === check)
  return minimize(input, stillFails, maxTries)
}
