/** The differential run's results as text: rates per check and minimized failures. */
import { CHECKS } from './html-oracle.js'
import { MODES, type Mode } from './product-sanitizer.js'
import type { Problem, RunReport } from './differential-run.js'

function percent(count: number, of: number): string {
  return of === 0 ? '0%' : `${((100 * count) / of).toFixed(2)}%`
}

/** One line per mode and check: failing cases of that mode's cases. */
export function rateLines(report: RunReport): string[] {
  const perMode = (mode: Mode) => Math.ceil((report.cases - MODES.indexOf(mode)) / MODES.length)
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  const lines = [
    `${report.cases} cases (seed ${report.seed}) in ${seconds(report.elapsedMs)}: ` +
      `${report.failedCases} failing (${percent(report.failedCases, report.checked)})`,
    `  CPU time of this process ${seconds(report.cpuMs)}: sanitizer ${seconds(report.timing.sanitizeMs)}, ` +
      `oracle ${seconds(report.timing.inspectMs)}, the rest generating and talking to the renderer`
  ]
  for (const mode of MODES) {
    for (const check of [...CHECKS, 'sanitizer-error']) {
      const count = report.perCheck.get(`${mode} ${check}`) ?? 0
      lines.push(
        `  ${mode.padEnd(7)} ${check.padEnd(16)} ${String(count).padStart(6)}  ${percent(count, perMode(mode))}`
      )
    }
  }
  return lines
}

export interface Minimized {
  readonly mode: Mode
  readonly check: string
  readonly input: string
  readonly problems: readonly Problem[]
}

export function describeMinimized(item: Minimized): string {
  const details = item.problems.map((p) => `${p.check}: ${p.detail}`).join('; ')
  return `[${item.mode}] ${item.check}: ${JSON.stringify(item.input)} -> ${details}`
}
