import { hasBotMarker } from '../../src/core/memory/bot-comments.js'
import type { StagedFinding } from '../../src/core/findings/finding-shapes.js'
import { buildDiffIndex } from '../../src/core/diff/hunks.js'
import type { ChangedFile } from '../../src/core/pull-request/pr-data.js'
import {
  findingCommentBody,
  MOVE_WINDOW,
  placeFinding,
  planPublication,
  type PublicationInput
} from '../../src/core/findings/publication.js'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { REDACTED } from '../../src/core/text-safety/sanitize.js'
import { stagedFinding } from './state-fixtures.js'

// src/app.ts: new lines 10-19 are commentable (one hunk of 10 added lines).
const APP_PATCH = ['@@ -9,0 +10,10 @@', ...Array.from({ length: 10 }, (_, i) => `+line ${i}`)].join(
  '\n'
)
const FILES: ChangedFile[] = [
  { path: 'src/app.ts', status: 'modified', additions: 10, deletions: 0, patch: APP_PATCH },
  // Binary: in the PR, no commentable line.
  { path: 'assets/logo.png', status: 'added', additions: 0, deletions: 0 }
]
const diff = buildDiffIndex(FILES)
const changedPaths = FILES.map((f) => f.path)

let seq = 0
function staged(extra: Partial<StagedFinding> = {}): StagedFinding {
  seq += 1
  return stagedFinding(`F${seq}`, {
    body: `Problem number ${seq}.`,
    finding: `Finding ${seq}`,
    assessment: `Assessment ${seq}`,
    ...extra
  })
}

const plan = (findings: StagedFinding[], extra: Partial<PublicationInput> = {}) =>
  planPublication({ findings, diff, changedPaths, maxComments: 25, ...extra })

function ids(p: ReturnType<typeof plan>) {
  return {
    inline: p.inline.map((i) => i.findingId),
    summary: p.toSummary.map((s) => s.finding.id)
  }
}

describe('placeFinding', () => {
  const paths = new Set(changedPaths)
  it.each<[string, number, unknown]>([
    ['src/app.ts', 12, { kind: 'line', line: 12 }],
    ['src/app.ts', 10 - MOVE_WINDOW, { kind: 'moved', line: 10, from: 10 - MOVE_WINDOW }],
    ['src/app.ts', 23, { kind: 'moved', line: 19, from: 23 }],
    ['src/app.ts', 19 + MOVE_WINDOW + 1, { kind: 'file', from: 19 + MOVE_WINDOW + 1 }],
    ['assets/logo.png', 1, { kind: 'file', from: 1 }],
    ['src/untouched.ts', 12, { kind: 'summary' }]
  ])('%s:%i → %j', (file, line, expected) => {
    expect(placeFinding({ file, line }, diff, paths)).toEqual(expected)
  })
})

describe('planPublication', () => {
  it('40 findings with max_comments 25: the 25 most severe inline, 15 to the summary, none lost', () => {
    const findings = Array.from({ length: 40 }, (_, i) => staged({ score: (i % 10) + 1 }))
    const p = plan(findings)
    expect(p.inline).toHaveLength(25)
    expect(p.toSummary).toHaveLength(15)
    expect(p.toSummary.every((s) => s.reason === 'max_comments')).toBe(true)
    const lowestInline = Math.min(...p.inline.map((i) => i.finding.score))
    const highestSummary = Math.max(...p.toSummary.map((s) => s.finding.score))
    expect(lowestInline).toBeGreaterThanOrEqual(highestSummary)
    const all = [...ids(p).inline, ...ids(p).summary].sort()
    expect(all).toEqual(findings.map((f) => f.id).sort())
  })

  it('places on the line, moves nearby, falls back to the file, sends outside files to the summary', () => {
    const onLine = staged({ line: 12, score: 9 })
    const near = staged({ line: 22, score: 8 })
    const far = staged({ line: 60, score: 7 })
    const binary = staged({ file: 'assets/logo.png', line: 3, score: 6 })
    const outside = staged({ file: 'README.md', line: 1, score: 10 })
    const p = plan([onLine, near, far, binary, outside])
    expect(
      p.inline.map((i) => [i.findingId, i.comment.line, i.comment.fileLevel, i.movedFrom])
    ).toEqual([
      [onLine.id, 12, false, undefined],
      [near.id, 19, false, 22],
      [far.id, undefined, true, 60],
      [binary.id, undefined, true, 3]
    ])
    expect(p.inline[1]?.comment.body).toContain('(moved from line 22')
    expect(p.inline[2]?.comment.body).toContain('line 60 is not part of the diff')
    expect(p.inline[0]?.comment.side).toBe('RIGHT')
    expect(p.toSummary).toEqual([{ finding: outside, reason: 'not-in-diff' }])
  })

  it('findings bound for the summary anyway do not use up inline slots', () => {
    const outside = staged({ file: 'README.md', score: 10 })
    const inside = staged({ score: 5 })
    const p = plan([outside, inside], { maxComments: 1 })
    expect(ids(p)).toEqual({ inline: [inside.id], summary: [outside.id] })
  })

  it('max_comments 0 sends everything to the summary', () => {
    const p = plan([staged(), staged()], { maxComments: 0 })
    expect(p.inline).toEqual([])
    expect(p.toSummary.map((s) => s.reason)).toEqual(['max_comments', 'max_comments'])
  })

  it('rejects a bad max_comments, naming it', () => {
    expect(() => plan([staged()], { maxComments: -1 })).toThrow(/max_comments.*-1/)
  })

  it('never lets a secret or a commitable suggestion reach the planned body', () => {
    const secret = 'model-key-7f3a9c1b2d'
    const finding = staged({
      body: `The key ${secret} is logged.\n\n\`\`\`suggestion\nlog(redact(key))\n\`\`\``,
      finding: `Logs ${secret}`,
      assessment: `Anyone reading logs sees ${secret}.`
    })
    const [item] = plan([finding], { secrets: [secret] }).inline
    const body = item?.comment.body ?? ''
    expect(body).not.toContain(secret)
    expect(body).not.toContain('```suggestion')
    expect(body).toContain('log(redact(key))')
    expect(body).toContain(REDACTED)
    const block = parseRmcoc(body)
    expect(block.ok && block.block.kind === 'finding' && block.block.finding).toBe(
      `Logs ${REDACTED}`
    )
  })

  it('carries the finding block: id, score, category, base_score only when promoted', () => {
    const promoted = staged({ score: 9, baseScore: 7, promoted: true, category: 'security' })
    const plain = staged({ score: 6 })
    const body = (f: StagedFinding) => findingCommentBody(f)
    expect(parseRmcoc(body(promoted))).toEqual({
      ok: true,
      block: {
        kind: 'finding',
        finding: promoted.finding,
        assessment: promoted.assessment,
        score: 9,
        base_score: 7,
        category: 'security',
        id: promoted.id
      }
    })
    const plainBlock = parseRmcoc(body(plain))
    expect(plainBlock.ok && 'base_score' in plainBlock.block).toBe(false)
    expect(hasBotMarker(body(plain))).toBe(true)
  })
})
