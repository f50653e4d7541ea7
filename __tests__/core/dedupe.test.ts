import {
  findingSimilarity,
  isDuplicate,
  LINE_WINDOW,
  significantWords,
  type DedupeItem
} from '../../src/core/findings/dedupe.js'

const at = (line: number | null, finding: string, path = 'src/api/users.ts'): DedupeItem => ({
  path,
  line,
  finding
})

const EXISTING = at(40, 'SQL injection: user id is concatenated into the query string')

describe('isDuplicate', () => {
  it.each<[string, DedupeItem]>([
    ['the same finding on the same line', at(40, EXISTING.finding)],
    [
      'a rewording on the same line',
      at(40, 'The query string concatenates the user id (SQL injection)')
    ],
    ['a rewording two lines below', at(42, 'User ID concatenated into SQL query string')],
    [
      'a rewording at the window edge above',
      at(40 - LINE_WINDOW, 'Possible SQL injection through concatenated user id')
    ],
    [
      'plural and case differences',
      at(41, 'SQL Injection: user IDs are concatenated into query strings')
    ],
    [
      'camelCase identifiers split into words',
      at(40, 'userId concatenated into sqlQuery string: injection')
    ]
  ])('flags %s', (_name, candidate) => {
    expect(isDuplicate(candidate, [EXISTING])).toBe(EXISTING)
  })

  it.each<[string, DedupeItem]>([
    ['the same words in another file', at(40, EXISTING.finding, 'src/api/orders.ts')],
    ['the same words just outside the window', at(40 + LINE_WINDOW + 1, EXISTING.finding)],
    [
      'a different issue on the same line',
      at(40, 'Missing await on the audit log write drops errors')
    ],
    [
      'a different issue sharing one word',
      at(40, 'User lookup is missing pagination for large tenants')
    ],
    [
      'only stop words and filler in common',
      at(40, 'This is a possible issue that should be in the code here')
    ],
    ['an empty finding', at(40, '')],
    ['a file-level comment against a line comment', at(null, EXISTING.finding)]
  ])('does not flag %s', (_name, candidate) => {
    expect(isDuplicate(candidate, [EXISTING])).toBeUndefined()
  })

  it('matches file-level comments with file-level comments', () => {
    const fileLevel = at(null, 'Module has no tests for error handling')
    expect(isDuplicate(at(null, 'No tests cover the module error handling'), [fileLevel])).toBe(
      fileLevel
    )
  })

  it('returns the most similar of several matches', () => {
    const loose = at(39, 'User id reaches the query without validation')
    const close = at(41, 'User id is concatenated into the SQL query string')
    const candidate = at(40, 'SQL query string concatenates the user id')
    expect(isDuplicate(candidate, [loose, close])).toBe(close)
  })

  it('checks findings already accepted in this run the same way as threads', () => {
    const accepted: DedupeItem[] = []
    const findings = [
      at(10, 'Race condition when two requests refresh the token'),
      at(11, 'Two requests can refresh the token at once: race condition'),
      at(30, 'Token refresh errors are swallowed')
    ]
    for (const finding of findings) {
      if (isDuplicate(finding, accepted) === undefined) accepted.push(finding)
    }
    expect(accepted).toEqual([findings[0], findings[2]])
  })

  it('maps other shapes through a view', () => {
    const thread = { file: 'src/api/users.ts', line: 40, assessment: { finding: EXISTING.finding } }
    const found = isDuplicate(at(41, EXISTING.finding), [thread], (t) => ({
      path: t.file,
      line: t.line,
      finding: t.assessment.finding
    }))
    expect(found).toBe(thread)
  })
})

describe('significantWords / findingSimilarity', () => {
  it('drops stop words and filler, splits identifiers, strips plurals', () => {
    expect([...significantWords('The getUserById call may be missing null checks here')]).toEqual([
      'get',
      'user',
      'id',
      'call',
      'missing',
      'null',
      'check'
    ])
  })

  it('is symmetric and 1 for identical texts', () => {
    const a = 'Unbounded retry loop hammers the API'
    const b = 'API retry loop has no bound'
    expect(findingSimilarity(a, b)).toBe(findingSimilarity(b, a))
    expect(findingSimilarity(a, a)).toBe(1)
  })
})
