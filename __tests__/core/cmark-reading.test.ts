import { describe, expect, it } from '@jest/globals'
import { neutralizeUntrusted } from '../../src/core/text-safety/untrusted-text.js'

const read = (text: string) => neutralizeUntrusted(text, 'prose')

describe('untrusted prose read as GitHub reads it (CommonMark 0.29 with GitHub extensions)', () => {
  it('opens the first kind of HTML block at script, pre and style only, not textarea', () => {
    expect(read('<textarea ![>mk1q]()')).not.toContain('mk1q')
    expect(read('<script\n<y i="</textarea>\nf"\n> <!--">mk2q')).not.toContain('mk2q')
    expect(read('<textarea>\nshown')).toContain('shown')
  })

  it('takes a declaration only with upper-case letters and a space, and filters an inline node by its own tag', () => {
    expect(read('<!a![>mk1q]()')).not.toContain('mk1q')
    expect(read(']<![CDATA[><title>]]>mk2q')).not.toContain('mk2q')
  })

  it('ends a table and a block quote at a footnote definition, and keeps the first of two definitions', () => {
    expect(read('-||\n-|-\n[^x]:&\nmk1q')).not.toContain('mk1q')
    expect(read('>=\n[^1]:mk2q')).not.toContain('mk2q')
    expect(read('[^a]:\n[^a]:[^a]mk3q')).not.toContain('mk3q')
  })

  it('reads destinations and titles as GitHub does', () => {
    expect(read('[a]:\\\n"mk1q"')).not.toContain('mk1q')
    expect(read('[t]:( "mk2q"')).not.toContain('mk2q')
    expect(read('[](( ")mk3q")')).not.toContain('mk3q')
    expect(read('[](() "mk4q\\")')).not.toContain('mk4q')
    expect(read('[b]:k\n    ![mk5q]()')).not.toContain('mk5q')
    expect(read('[shown](https://x.dev/a "hidden")')).toBe('shown (https://x.dev/a)')
  })

  it('reads a task list box, then the rest of the line as a paragraph', () => {
    expect(read('- [x] [x]:*mk1q')).toBe('- [x]')
    expect(read('- [ ] <div> ![mk2q]()')).not.toContain('mk2q')
    expect(read('- [ ] \n      [^a]\n[^a]:mk3q')).not.toContain('mk3q')
    expect(read('- [x] done')).toBe('- [x] done')
    expect(read('> - [x] quoted')).toBe('> - [x] quoted')
  })
})
