import { checkConclusion, failedRunConclusion } from '../../src/core/reports/check-conclusion.js'
import type { Verdict } from '../../src/core/findings/verdict.js'

describe('checkConclusion: the verdict and fail_on', () => {
  it.each<[string, Verdict, string]>([
    ['never', 'approve', 'success'],
    ['never', 'request_changes', 'neutral'],
    ['never', 'needs_major_work', 'neutral'],
    ['request_changes', 'approve', 'success'],
    ['request_changes', 'request_changes', 'failure'],
    ['request_changes', 'needs_major_work', 'failure'],
    ['needs_major_work', 'approve', 'success'],
    ['needs_major_work', 'request_changes', 'neutral'],
    ['needs_major_work', 'needs_major_work', 'failure']
  ])('fail_on %s, verdict %s: %s', (failOn, verdict, conclusion) => {
    expect(
      checkConclusion({
        verdict,
        failOn: failOn as 'never' | 'request_changes' | 'needs_major_work',
        complete: true
      })
    ).toBe(conclusion)
  })

  it('an incomplete review never claims success, and still fails where fail_on says so', () => {
    expect(checkConclusion({ verdict: 'approve', failOn: 'never', complete: false })).toBe(
      'neutral'
    )
    expect(
      checkConclusion({ verdict: 'needs_major_work', failOn: 'needs_major_work', complete: false })
    ).toBe('failure')
  })

  it('a failed run: neutral without a gate, failure with one', () => {
    expect(failedRunConclusion('never')).toBe('neutral')
    expect(failedRunConclusion('request_changes')).toBe('failure')
    expect(failedRunConclusion('needs_major_work')).toBe('failure')
  })
})
