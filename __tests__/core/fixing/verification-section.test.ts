import {
  MAX_OUTPUT_TAIL_CHARS,
  codeSpan,
  outputBlock,
  verificationSection
} from '../../../src/core/fixing/verification-section.js'

describe('outputBlock', () => {
  it('keeps the end of a long output, from a whole line', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${i}`)
    const block = outputBlock(lines.join('\n'))
    expect(block.length).toBeLessThan(MAX_OUTPUT_TAIL_CHARS + 50)
    expect(block).toContain('line 1999\n```')
    expect(block).not.toContain('line 0\n')
    expect(block).toMatch(/^```text\n…\nline \d+\n/)
  })

  it('makes its fence longer than any backtick run inside', () => {
    expect(outputBlock('a ````` b')).toMatch(/^``````text\n[\s\S]*\n``````$/)
  })

  it('says so when there is no output', () => {
    expect(outputBlock('  \n')).toBe('```text\n(no output)\n```')
  })

  it('defuses a line that would open an rmcoc block', () => {
    expect(outputBlock('x\n```rmcoc\n{}')).toContain('\n``` rmcoc\n')
  })
})

describe('codeSpan', () => {
  it('holds backticks and line breaks whole on one line', () => {
    expect(codeSpan('npm test')).toBe('`npm test`')
    expect(codeSpan('echo `date`\nls')).toBe('``echo `date` ls``')
    expect(codeSpan('`x`')).toBe('`` `x` ``')
  })
})

describe('verificationSection', () => {
  it('is empty when no command ran', () => {
    expect(verificationSection([])).toBe('')
    expect(verificationSection([{ round: 1, results: [] }])).toBe('')
  })

  it('says when a command did not run to an exit code', () => {
    const text = verificationSection([
      {
        round: 2,
        results: [
          { command: 'make', exitCode: null, timedOut: false, durationMs: 5, outputTail: 'x' }
        ]
      }
    ])
    expect(text).toContain('#### Round 2')
    expect(text).toContain('`make`: ❌ did not run to an exit code (0.0 s)')
  })

  it('marks a failing command', () => {
    const text = verificationSection([
      {
        round: 1,
        results: [
          { command: 'make', exitCode: 2, timedOut: false, durationMs: 1500, outputTail: 'x' }
        ]
      }
    ])
    expect(text).toContain('`make`: ❌ exit code 2 after 1.5 s')
  })
})
