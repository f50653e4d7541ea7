/**
 * `npm run differential -- --cases 100000 --seed 7 --minimize 3`: runs the
 * generated cases through the product's sanitizer and cmark-gfm, prints the
 * failure rate per check and, for up to `--minimize` cases per mode and
 * check, the minimized input (candidates for corpus.json). With `--inbound`,
 * the inbound check instead (what the model reads against what GitHub shows;
 * candidates for inbound-corpus.json).
 */
import { parseArgs } from 'node:util'
import { cmarkAvailable, startRenderer } from './cmark-renderer.js'
import { checkCase, minimizeFailure, runGenerated } from './differential-run.js'
import { describeMinimized, rateLines } from './differential-report.js'
import { MODES } from './product-sanitizer.js'
import { minimizeInbound, runInbound } from './inbound-run.js'

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '18' },
    minimize: { type: 'string', default: '3' },
    inbound: { type: 'boolean', default: false }
  }
})

if (!cmarkAvailable()) {
  console.error('cmark-gfm is not installed (apt-get install cmark-gfm)')
  process.exit(2)
}
const renderer = startRenderer()
const keep = Number(values.minimize)
if (values.inbound) {
  const report = await runInbound(renderer, Number(values.seed), Number(values.cases), keep)
  console.log(`inbound: ${report.cases} texts`, Object.fromEntries(report.perCheck))
  console.log(`shown markers not read: ${report.lostMarkers} of ${report.shownMarkers}`)
  for (const kept of report.kept)
    console.log(JSON.stringify(await minimizeInbound(renderer, kept.input, 'hidden-text')))
  renderer.close()
  process.exit(0)
}
const report = await runGenerated(renderer, {
  seed: Number(values.seed),
  cases: Number(values.cases),
  modes: MODES,
  keepPerCheck: keep,
  onProgress: (done) => process.stderr.write(`\r${done} cases`)
})
process.stderr.write('\n')
console.log(`renderer: ${renderer.kind}`)
for (const line of rateLines(report)) console.log(line)
const seen = new Set<string>()
for (const failure of report.kept) {
  const input = await minimizeFailure(renderer, failure.mode, failure.input, failure.check)
  if (seen.has(`${failure.mode} ${input}`)) continue
  seen.add(`${failure.mode} ${input}`)
  const problems = (await checkCase(renderer, failure.mode, input)).filter(
    (p) => p.check === failure.check
  )
  console.log(describeMinimized({ mode: failure.mode, check: failure.check, input, problems }))
}
renderer.close()
