import { checkFixerAnswer } from '../../../src/core/fixing/fixer-accounting.js'
import { candidate } from './fix-fixtures.js'

const given = [candidate('F1@10'), candidate('F2@12')]
const fixed = (findingId: string, description = 'Added a null check.') => ({
  findingId,
  description
})
const rejected = (findingId: string, reason = 'The value is never null here.') => ({
  findingId,
  reason
})
const problems = (answer: Parameters<typeof checkFixerAnswer>[1]) => {
  const check = checkFixerAnswer(given, answer)
  return check.ok ? [] : check.problems
}

describe('checkFixerAnswer', () => {
  it('accepts an answer that accounts for every finding exactly once', () => {
    expect(
      checkFixerAnswer(given, { fixed: [fixed('F1@10')], rejected: [rejected('F2@12')] })
    ).toEqual({ ok: true })
  })

  it('names a finding that is neither fixed nor rejected', () => {
    expect(problems({ fixed: [fixed('F1@10')], rejected: [] })).toEqual([
      'F2@12 was given but is neither in fixed nor in rejected'
    ])
  })

  it('names an id that was not given', () => {
    const found = problems({
      fixed: [fixed('F1@10'), fixed('F7@99')],
      rejected: [rejected('F2@12')]
    })
    expect(found).toEqual(['"F7@99" (in fixed) is not one of the findings given'])
  })

  it('names an id listed twice in one list', () => {
    const found = problems({
      fixed: [fixed('F1@10'), fixed('F1@10')],
      rejected: [rejected('F2@12')]
    })
    expect(found).toEqual(['F1@10 is listed 2 times in fixed; list it once'])
  })

  it('names an id in both lists', () => {
    const found = problems({
      fixed: [fixed('F1@10'), fixed('F2@12')],
      rejected: [rejected('F2@12')]
    })
    expect(found).toEqual(['F2@12 is in both fixed and rejected; keep it in one list'])
  })

  it('names an empty or blank description and reason', () => {
    const found = problems({ fixed: [fixed('F1@10', '  ')], rejected: [rejected('F2@12', '\n')] })
    expect(found).toEqual([
      'F1@10 is in fixed with an empty description; say in one line what you changed',
      'F2@12 is in rejected with an empty reason; say why it was not fixed'
    ])
  })

  it('accepts nothing given, nothing answered', () => {
    expect(checkFixerAnswer([], { fixed: [], rejected: [] })).toEqual({ ok: true })
  })
})
