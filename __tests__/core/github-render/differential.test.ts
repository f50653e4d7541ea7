/**
 * The differential test against GitHub's renderer: every corpus entry and
 * DIFFERENTIAL_CASES generated cases (2,000 unless set, 20,000 in CI's own
 * step for it; seed
 * DIFFERENTIAL_SEED, printed) are sanitized by the product (sanitizeText,
 * and a complete bot comment), rendered with cmark-gfm as GitHub renders
 * comments, and must show nothing GitHub would act on (html-oracle.ts).
 * Failures are listed minimized.
 *
 * Inbound, what the model reads of untrusted prose (neutralizeUntrusted)
 * against what a person sees on GitHub (inbound-run.ts): every entry of
 * inbound-corpus.json reads nothing hidden; of INBOUND_CASES generated texts
 * (2,000 unless set) at most 0.2% do (the markdown-it reading still differs
 * from GitHub's on rare shapes: a `>` indented four spaces taken as a block
 * quote marker, lazy lines in nested containers; the residue is printed
 * minimized), and none has an invisible character.
 *
 * Without cmark-gfm the tests are skipped, except in CI (CI set), where they
 * fail.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { cmarkAvailable, startRenderer, type Renderer } from './cmark-renderer.js'
import { loadCorpus } from './corpus.js'
import { checkCase, minimizeFailure, runGenerated } from './differential-run.js'
import { describeMinimized, rateLines } from './differential-report.js'
import { MODES } from './product-sanitizer.js'
import { checkInbound, minimizeInbound, runInbound } from './inbound-run.js'

const CASES = Number(process.env.DIFFERENTIAL_CASES ?? 2_000)
const SEED = Number(process.env.DIFFERENTIAL_SEED ?? 18)
const INBOUND_CASES = Number(process.env.INBOUND_CASES ?? 2_000)
/**
 * Generated texts allowed to let the model read something hidden: 0.2%.
 * Measured over 2,000 texts each: seeds 1, 2, 3, 7, 18, 42, 100 read hidden
 * text in 4, 1, 0, 0, 2, 0, 1 texts (8 of 14,000).
 */
const INBOUND_RESIDUE = 0.002
/** Minimized failures listed per mode and check. */
const LISTED = 2
const TIMEOUT_MS = 20 * 60_000

const available = cmarkAvailable()
if (!available && process.env.CI === undefined) {
  console.warn(
    'differential.test.ts skipped: cmark-gfm is not installed (apt-get install cmark-gfm)'
  )
}

const describeWhenRenderable = available || process.env.CI !== undefined ? describe : describe.skip

describeWhenRenderable('sanitized bodies rendered by cmark-gfm as GitHub renders comments', () => {
  let renderer: Renderer | undefined

  beforeAll(() => {
    expect({ cmarkGfmInstalled: available }).toEqual({ cmarkGfmInstalled: true })
    const started = startRenderer()
    renderer = started
    console.log(`differential: renderer ${started.kind}, seed ${SEED}, ${CASES} cases`)
  })
  afterAll(() => renderer?.close())

  it.each(loadCorpus().map((entry, i) => [`${i + 1}. ${entry.class}`, entry] as const))(
    'corpus %s: nothing live, as text and as a bot comment',
    async (_name, entry) => {
      const failures: string[] = []
      for (const mode of MODES) {
        const problems = await checkCase(renderer!, mode, entry.input)
        if (problems.length > 0)
          failures.push(
            describeMinimized({ mode, check: entry.class, input: entry.input, problems })
          )
      }
      expect(failures).toEqual([])
    }
  )

  it(
    `show nothing live for ${CASES} generated cases`,
    async () => {
      const report = await runGenerated(renderer!, {
        seed: SEED,
        cases: CASES,
        modes: MODES,
        keepPerCheck: LISTED
      })
      console.log(rateLines(report).join('\n'))
      const failures: string[] = rateLines(report).filter((l) => !/\s0\s+0(\.00)?%$/.test(l))
      for (const kept of report.kept) {
        const input = await minimizeFailure(renderer!, kept.mode, kept.input, kept.check, 800)
        const problems = (await checkCase(renderer!, kept.mode, input)).filter(
          (p) => p.check === kept.check
        )
        failures.push(describeMinimized({ mode: kept.mode, check: kept.check, input, problems }))
      }
      expect(report.failedCases === 0 ? [] : failures).toEqual([])
    },
    TIMEOUT_MS
  )
})

describeWhenRenderable('what the model reads of untrusted prose, against what GitHub shows', () => {
  let renderer: Renderer | undefined

  beforeAll(() => {
    renderer = startRenderer()
  })
  afterAll(() => renderer?.close())

  it.each(
    loadCorpus('inbound-corpus.json').map(
      (entry, i) => [`${i + 1}. ${entry.class}`, entry] as const
    )
  )('inbound corpus %s: nothing hidden is read', async (_name, entry) => {
    expect(await checkInbound(renderer!, entry.input)).toEqual([])
  })

  it(
    `reads nothing hidden in at least 99.8% of ${INBOUND_CASES} generated texts`,
    async () => {
      const report = await runInbound(renderer!, SEED, INBOUND_CASES)
      const hidden = report.perCheck.get('hidden-text') ?? 0
      const residue: string[] = []
      for (const kept of report.kept)
        residue.push(
          JSON.stringify(await minimizeInbound(renderer!, kept.input, 'hidden-text', 400))
        )
      console.log(
        [
          `inbound: seed ${SEED}, ${INBOUND_CASES} texts, ${hidden} read hidden text`,
          `shown markers not read: ${report.lostMarkers} of ${report.shownMarkers}`,
          ...residue.map((r) => `  residue ${r}`)
        ].join('\n')
      )
      expect(report.perCheck.get('hidden-character') ?? 0).toBe(0)
      expect(hidden / INBOUND_CASES).toBeLessThanOrEqual(INBOUND_RESIDUE)
    },
    TIMEOUT_MS
  )
})
