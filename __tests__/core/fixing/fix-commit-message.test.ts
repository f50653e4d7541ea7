import {
  MAX_DESCRIPTION_CHARS,
  fixCommitMessage
} from '../../../src/core/fixing/fix-commit-message.js'
import { WORD_JOINER } from '../../../src/core/text-safety/hidden-characters.js'
import { candidate } from './fix-fixtures.js'

const J = WORD_JOINER

const fix = (id: string, description: string, extra = {}) => ({
  candidate: candidate(id, extra),
  description
})

describe('fixCommitMessage', () => {
  it('counts the findings in the headline, with the round', () => {
    expect(fixCommitMessage(1, [fix('F1@1', 'a'), fix('F2@2', 'b')]).headline).toBe(
      'Fix 2 review findings (round 1)'
    )
    expect(fixCommitMessage(3, [fix('F1@1', 'a')]).headline).toBe('Fix 1 review finding (round 3)')
  })

  it('keeps the headline under 72 characters even for the largest round', () => {
    const many = Array.from({ length: 200 }, (_, i) => fix(`F${i}@${i}`, 'x'))
    expect(fixCommitMessage(3, many).headline.length).toBeLessThan(72)
  })

  it('lists each fix with its id, place and description, one line each', () => {
    const { body } = fixCommitMessage(1, [
      fix('F1@10', 'Added a null check.', { path: 'src/a.ts', line: 12 }),
      fix('F2@11', 'Escaped\nthe\r\nquery.', { path: 'src/db.ts', line: null })
    ])
    // The id's `@` is defused too: `@10` could name a user.
    expect(body).toBe(
      `- F1@${J}10 src/a.ts:12: Added a null check.\n- F2@${J}11 src/db.ts: Escaped the query.`
    )
  })

  it('strips control characters and caps a long description', () => {
    const { body } = fixCommitMessage(1, [fix('F1@1', `a\u0007b\u001b[31m${'x'.repeat(500)}`)])
    expect([...body].filter((c) => c !== '\n' && c.charCodeAt(0) < 0x20)).toEqual([])
    expect(body).toContain('ab[31m')
    const description = body.slice(body.indexOf(': ') + 2)
    expect(description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_CHARS)
    expect(description.endsWith('…')).toBe(true)
  })

  it('defuses mentions and issue references, in the description and the path', () => {
    const { body } = fixCommitMessage(1, [
      fix('F1@1', 'Ping @alice, fixes #12 and GH-7', { path: 'src/@types/x.ts' })
    ])
    expect(body).not.toMatch(/@[A-Za-z0-9]/)
    expect(body).not.toMatch(/#[0-9]/)
    expect(body).not.toMatch(/GH-[0-9]/)
    expect(body).toContain(`@${WORD_JOINER}alice`)
    expect(body).toContain(`src/@${WORD_JOINER}types/x.ts`)
  })

  it('redacts secrets and the run’s own secret values', () => {
    const token = `ghp_${'A1b2C3d4'.repeat(4)}abcd`
    const { body } = fixCommitMessage(
      1,
      [fix('F1@1', `Removed ${token} and run-secret-1234`)],
      ['run-secret-1234']
    )
    expect(body).not.toContain(token)
    expect(body).not.toContain('run-secret-1234')
    expect(body).toContain('[REDACTED]')
  })
})
