/**
 * The fix loop's outcome in the command's reports: plain lines for the
 * terminal (status, rounds, commits, each finding fixed, rejected, stuck or
 * deferred, each verification command) and the `fix` object of the JSON
 * report. Model text (descriptions, reasons, findings) and command output
 * are untrusted: one line each, through terminalText or the plain-text
 * sanitizer.
 */
import type { FixReportInput } from '../core/fixing/fix-report.js'
import type { FixCandidate } from '../core/fixing/fix-types.js'
import { terminalText } from './terminal-text.js'

const place = (c: FixCandidate): string => (c.line === null ? c.path : `${c.path}:${c.line}`)

function verificationLines(fix: FixReportInput, line: (text: string) => string): string[] {
  return fix.verification.flatMap(({ round, results }) =>
    results.map((result) => {
      const how = result.timedOut ? 'timed out' : `exit ${result.exitCode ?? 'none'}`
      return `  verify (round ${round}): ${line(result.command)}: ${how}`
    })
  )
}

/** The fix's lines for the terminal report, ending with an empty line. */
export function fixTerminalLines(fix: FixReportInput, secrets: readonly string[]): string[] {
  const line = (text: string) => terminalText(text, secrets).replace(/\s+/g, ' ').trim()
  const finding = (c: FixCandidate) => `${line(c.id)} ${line(place(c))}`
  const lines = [`Fix: ${fix.status} (${fix.rounds} of at most ${fix.maxRounds} rounds)`]
  if (fix.note !== undefined) lines.push(`  ${line(fix.note)}`)
  for (const commit of fix.commits) lines.push(`  commit ${commit.oid} (round ${commit.round})`)
  for (const f of fix.fixed) {
    lines.push(`  fixed ${finding(f.candidate)} (round ${f.round}): ${line(f.description)}`)
  }
  for (const r of fix.rejected) lines.push(`  rejected ${finding(r.candidate)}: ${line(r.reason)}`)
  for (const s of fix.stuck) {
    lines.push(`  stuck ${finding(s.candidate)}: reported fixed in round ${s.round}, still open`)
  }
  for (const d of fix.deferred) lines.push(`  deferred ${finding(d)}: over the per-round limit`)
  return [...lines, ...verificationLines(fix, line), '']
}

const candidateJson = (c: FixCandidate, clean: (text: string) => string) => ({
  id: c.id,
  file: c.path,
  line: c.line,
  score: c.score,
  finding: clean(c.finding)
})

/** The `fix` object of the JSON report. */
export function fixJson(fix: FixReportInput, clean: (text: string) => string) {
  return {
    status: fix.status,
    reason: clean(fix.note ?? ''),
    rounds: fix.rounds,
    maxRounds: fix.maxRounds,
    commits: fix.commits.map((c) => ({ round: c.round, oid: c.oid })),
    fixed: fix.fixed.map((f) => ({
      ...candidateJson(f.candidate, clean),
      round: f.round,
      description: clean(f.description)
    })),
    rejected: fix.rejected.map((r) => ({
      ...candidateJson(r.candidate, clean),
      reason: clean(r.reason)
    })),
    stuck: fix.stuck.map((s) => ({ ...candidateJson(s.candidate, clean), round: s.round })),
    deferred: fix.deferred.map((d) => candidateJson(d, clean)),
    verification: fix.verification.flatMap(({ round, results }) =>
      results.map((r) => ({
        round,
        command: clean(r.command),
        exitCode: r.exitCode,
        timedOut: r.timedOut,
        durationMs: r.durationMs,
        outputTail: clean(r.outputTail)
      }))
    )
  }
}
