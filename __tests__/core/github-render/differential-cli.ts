/**
 * `npm run differential -- --cases 100000 --seed 7 --minimize 3`: runs the
 * generated cases through the product's sanitizer and cmark-gfm, prints the
 * failure rate per check and, for up to `--minimize` cases per mode and
 * check, the minimized input (candidates for corpus.json).
 */
import { parseArgs } from 'node:util'
import { cmarkAvailable, startRenderer } from './cmark-renderer.js'
import { checkCase, minimizeFailure, runGenerated } from './differential-run.js'
import { describeMinimized, rateLines } from './differential-report.js'
import { MODES } from './product-sanitizer.js'

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '18' },
    minimize: { type: 'string', default: '3' }
  }
})

if (!cmarkAvailable()) {
  console.error('cmark-gfm is not installed (apt-get install cmark-gfm)')
  process.exit(2)
}
const renderer = startRenderer()
const keep = Number(values.minimize)
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
