import {
  dryRunSection,
  MAX_BODY_CHARS,
  MAX_SECTION_CHARS
} from '../../src/action/job-summary-dry-run.js'

const write = (body: string, kind = 'review comment', target = 'src/a.ts:2 (RIGHT)') => ({
  kind,
  target,
  body
})

describe('dryRunSection', () => {
  it('one <details> per write, in order, bodies as escaped text', () => {
    const html = dryRunSection([
      write('Use `a <b>` here.\n\n<!-- review-my-code-bot -->'),
      write('', 'resolve thread', 'thread PRRT_1')
    ])
    expect(html).toContain('These 2 write(s) would have been made')
    const first = html.indexOf('<summary>review comment — src/a.ts:2 (RIGHT)</summary>')
    const second = html.indexOf('<summary>resolve thread — thread PRRT_1</summary>')
    expect(first).toBeGreaterThan(-1)
    expect(second).toBeGreaterThan(first)
    expect(html).toContain(
      '<pre>Use `a &lt;b&gt;` here.\n\n&lt;!-- review-my-code-bot --&gt;</pre>'
    )
    expect(html).toContain('(no body)')
  })

  it('says when the run would have written nothing', () => {
    expect(dryRunSection([])).toContain('the run would have written nothing')
  })

  it('redacts exact secret values from bodies and targets', () => {
    const html = dryRunSection(
      [write('token ghs_secretvalue123 leaked', 'reply', 'ghs_secretvalue123')],
      ['ghs_secretvalue123']
    )
    expect(html).not.toContain('ghs_secretvalue123')
    expect(html).toContain('token *** leaked')
  })

  it('cuts a long body and stops before the job summary is full', () => {
    const long = 'x'.repeat(MAX_BODY_CHARS + 10)
    expect(dryRunSection([write(long)])).toContain('… (10 more characters)')
    const many = Array.from({ length: Math.ceil(MAX_SECTION_CHARS / MAX_BODY_CHARS) + 5 }, () =>
      write(long)
    )
    const html = dryRunSection(many)
    expect(html.length).toBeLessThan(MAX_SECTION_CHARS + 1000)
    expect(html).toMatch(/… and \d+ more write\(s\), not shown/)
  })
})
