import { composeFixReport, type FixReportInput } from '../../../src/core/fixing/fix-report.js'
import { readComment } from '../../../src/core/memory/bot-comments.js'
import { parseRmcoc } from '../../../src/core/memory/rmcoc.js'
import { splitFences } from '../../../src/core/text-safety/markdown-fences.js'
import { REDACTED } from '../../../src/core/text-safety/sanitize.js'
import { BOT_LOGINS, BOT_REST } from '../state-fixtures.js'
import { candidate } from './fix-fixtures.js'

const OID = 'c0ffee'.repeat(6) + 'c0ff'
const URL = `https://github.com/o/r/commit/${OID}`
const TOKEN = `ghp_${'A1b2C3d4'.repeat(4)}abcd`

const input: FixReportInput = {
  status: 'manual_intervention_required',
  rounds: 2,
  maxRounds: 3,
  commits: [{ round: 1, oid: OID, url: URL }],
  fixed: [
    {
      candidate: candidate('F1@10', { finding: 'Null deref' }),
      description: 'Checked it.',
      round: 1
    }
  ],
  rejected: [
    {
      candidate: candidate('F2@11', { finding: 'Odd naming', line: null }),
      reason: 'Renaming breaks the public API.'
    }
  ],
  stuck: [{ candidate: candidate('F3@12', { finding: 'Race on close' }), round: 1 }],
  deferred: [candidate('F4@13', { finding: 'Slow loop' })],
  verification: [
    {
      round: 1,
      results: [
        { command: 'npm test', exitCode: 0, timedOut: false, durationMs: 12_345, outputTail: 'ok' },
        {
          command: 'npm run lint',
          exitCode: null,
          timedOut: true,
          durationMs: 600_000,
          outputTail: ''
        }
      ]
    }
  ]
}

/** The text between a section's heading and the next section (or the block). */
function sectionOf(body: string, title: string): string {
  const start = body.indexOf(`### ${title}`)
  expect(start).toBeGreaterThanOrEqual(0)
  const rest = body.slice(start + 4)
  const ends = [rest.indexOf('\n### '), rest.indexOf('\n---\n')].filter((at) => at >= 0)
  return body.slice(start, start + 4 + Math.min(...ends))
}

describe('composeFixReport', () => {
  const body = composeFixReport(input)

  it('states how the loop ended and the rounds', () => {
    expect(body).toContain('Manual intervention required')
    expect(body).toContain('Rounds: 2 of at most 3.')
  })

  it('names each finding in its section', () => {
    expect(sectionOf(body, 'Fixed')).toContain('`F1@10`')
    expect(sectionOf(body, 'Fixed')).toContain('Checked it.')
    expect(sectionOf(body, 'Rejected')).toContain('`F2@11`')
    expect(sectionOf(body, 'Rejected')).toContain('Renaming breaks the public API.')
    expect(sectionOf(body, 'Stuck')).toContain('`F3@12`')
    expect(sectionOf(body, 'Deferred')).toContain('`F4@13`')
    expect(sectionOf(body, 'Fixed')).not.toContain('F2@11')
  })

  it('links a fix to its commit by short SHA', () => {
    expect(sectionOf(body, 'Fixed')).toContain(`[\`${OID.slice(0, 7)}\`](${URL})`)
  })

  it('reports each command: exit code or timeout, duration, output', () => {
    const verification = sectionOf(body, 'Verification')
    expect(verification).toContain('`npm test`: ✅ exit code 0 after 12.3 s')
    expect(verification).toContain('`npm run lint`: ⏱️ timed out after 600.0 s')
    expect(verification).toMatch(/```text\nok\n```/)
  })

  it('carries a fix-report block that parses back, and reads as the bot’s comment', () => {
    expect(parseRmcoc(body)).toEqual({
      ok: true,
      block: {
        kind: 'fix-report',
        status: 'manual_intervention_required',
        rounds: 2,
        commits: [OID],
        fixed: ['F1@10'],
        rejected: ['F2@11'],
        stuck: ['F3@12']
      }
    })
    expect(readComment({ author: BOT_REST, body }, BOT_LOGINS).origin).toBe('bot')
  })

  it('leaves out empty sections', () => {
    const quiet = composeFixReport({
      ...input,
      status: 'nothing_to_fix',
      rounds: 0,
      commits: [],
      fixed: [],
      rejected: [],
      stuck: [],
      deferred: [],
      verification: []
    })
    expect(quiet).toContain('Nothing to fix')
    expect(quiet).toContain('No commit was pushed.')
    expect(quiet).not.toContain('###')
  })
})

describe('composeFixReport with hostile text', () => {
  const hostile = 'Done <!-- hidden --> <img src="https://evil.example/x.png"> @alice'

  it('redacts a secret in a reason, a description and command output', () => {
    const body = composeFixReport(
      {
        ...input,
        fixed: [{ ...input.fixed[0]!, description: `Removed ${TOKEN}` }],
        rejected: [{ ...input.rejected[0]!, reason: `Needs run-secret-77 and ${TOKEN}` }],
        verification: [
          {
            round: 1,
            results: [{ ...input.verification[0]!.results[0]!, outputTail: `token=${TOKEN}` }]
          }
        ]
      },
      ['run-secret-77']
    )
    expect(body).not.toContain(TOKEN)
    expect(body).not.toContain('run-secret-77')
    expect(body.split(REDACTED).length - 1).toBeGreaterThanOrEqual(4)
  })

  it('shows hidden comments, images and mentions in model text as harmless text', () => {
    const body = composeFixReport({
      ...input,
      fixed: [{ ...input.fixed[0]!, description: hostile }],
      rejected: [{ ...input.rejected[0]!, reason: hostile }],
      stuck: [{ candidate: candidate('F3@12', { finding: hostile }), round: 1 }]
    })
    const text = body.slice(0, body.indexOf('```rmcoc'))
    expect(text).not.toContain('<!-- hidden')
    expect(text).not.toMatch(/<img/i)
    expect(text).not.toMatch(/@alice/)
    expect(text).toContain('hidden')
  })

  it('keeps a fence in command output inside its code block, the report’s block readable', () => {
    // An unclosed rmcoc opener in the output would otherwise run on into the report's own block.
    const output = 'ok\n```\n## Escaped heading @bob\n````\n```rmcoc\n{"kind":"finding"}'
    const body = composeFixReport({
      ...input,
      verification: [
        { round: 1, results: [{ ...input.verification[0]!.results[0]!, outputTail: output }] }
      ]
    })
    // Read as CommonMark splits it: the output stays in one closed code block.
    const segments = splitFences(body)
    const code = segments.find((seg) => seg.kind === 'fence' && seg.info === 'text')
    expect(code?.kind === 'fence' && code.closing !== undefined).toBe(true)
    expect(code?.kind === 'fence' ? code.lines : []).toContain('## Escaped heading @bob')
    const prose = segments.filter((seg) => seg.kind === 'text').map((seg) => seg.text)
    expect(prose.join('\n')).not.toContain('Escaped heading')
    expect(parseRmcoc(body).ok).toBe(true)
  })
})
