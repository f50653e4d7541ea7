/**
 * The summary comment's scope line (a full or incremental review, with its
 * reason and file counts), a newer head pushed during the review (named by
 * SHA only), and summary-only findings this run resolved.
 */
import { composeSummaryComment } from '../../src/core/summary/summary.js'
import { HEAD, busy, quiet } from './summary-fixtures.js'

describe('composeSummaryComment: scope and a newer head', () => {
  const lines = (body: string) => body.split('\n')

  it('states a full review and its reason on one line under the verdict', () => {
    const body = composeSummaryComment({
      ...busy,
      scope: { kind: 'full', reason: 'the last reviewed head is not an ancestor (force-push)' }
    })
    const line = 'Full review: the last reviewed head is not an ancestor (force-push).'
    expect(lines(body)).toContain(line)
    expect(body.indexOf(line)).toBeGreaterThan(body.indexOf('## OpenCode review'))
    expect(body.indexOf(line)).toBeLessThan(body.indexOf('### Findings'))
  })

  it('states an incremental review with its start and file counts', () => {
    const body = composeSummaryComment({
      ...busy,
      scope: {
        kind: 'incremental',
        from: 'abc1234def5678abc1234def5678abc1234def56',
        changedFiles: 3,
        unchangedFiles: 7
      }
    })
    expect(lines(body)).toContain(
      'Incremental review of the changes since `abc1234` (3 files changed, 7 unchanged).'
    )
    const one = composeSummaryComment({
      ...busy,
      scope: { kind: 'incremental', from: HEAD, changedFiles: 1, unchangedFiles: 0 }
    })
    expect(one).toContain('(1 file changed, 0 unchanged)')
  })

  it('prints no scope line for a caller that gives none', () => {
    expect(composeSummaryComment(busy)).not.toMatch(/^(Full|Incremental) review/m)
  })

  it('says a newer head was pushed, will be reviewed next, and what this review was against', () => {
    const newer = 'fedcba9876543210fedcba9876543210fedcba98'
    const body = composeSummaryComment({ ...busy, newerHead: newer })
    expect(body).toContain(
      'A newer head `fedcba9` was pushed while this review ran; it will be reviewed next.'
    )
    expect(body).toContain(`published against the head it reviewed, \`${HEAD.slice(0, 12)}\``)
    expect(composeSummaryComment(busy)).not.toContain('newer head')
  })

  it('prints only a SHA from newerHead, never other text', () => {
    const body = composeSummaryComment({ ...busy, newerHead: '`](x) @octocat' })
    expect(body).toContain('A newer head was pushed while this review ran')
    expect(body).not.toContain('octocat')
  })

  it('lists a summary-only finding this run resolved with the resolved threads', () => {
    const body = composeSummaryComment({
      ...quiet,
      resolvedThreads: [
        { file: 'docs/x.md', line: 4, finding: 'Wrong port documented', reason: 'Port fixed' }
      ]
    })
    const section = body.slice(body.indexOf('### Earlier threads'))
    expect(section).toContain('`docs/x.md:4` Wrong port documented: Port fixed')
  })
})
