/** Signed state: a block is state only with a valid signature for its PR. */
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { signBody, verifyBody } from '../../src/core/memory/state-signature.js'

const KEY = 'k'.repeat(32)
const PR = { owner: 'octo-org', repo: 'widgets', number: 9 }
const body = formatBotComment('Refunds can exceed the capture.', {
  finding: 'Refund total ignores partial captures',
  assessment: 'Why.',
  score: 7
})

it('a signed body verifies and still parses to the same block', () => {
  const signed = signBody(body, KEY, PR)
  expect(signed).toMatch(/"sig": "[0-9a-f]{64}"/)
  expect(verifyBody(signed, KEY, PR)).toEqual({ body: signed, check: 'valid' })
  expect(parseRmcoc(signed)).toEqual(parseRmcoc(body))
})

it.each([
  ['an unsigned block', () => body, 'unsigned'],
  ['a block signed with another key', () => signBody(body, 'x'.repeat(32), PR), 'invalid'],
  ['a block signed for another PR', () => signBody(body, KEY, { ...PR, number: 10 }), 'invalid'],
  [
    'a signed block whose score was raised',
    () => signBody(body, KEY, PR).replace('"score": 7', '"score": 9'),
    'invalid'
  ]
])('%s is not state: the block is disarmed', (_what, make, check) => {
  const verified = verifyBody(make(), KEY, PR)
  expect(verified.check).toBe(check)
  expect(parseRmcoc(verified.body)).toMatchObject({ ok: false, reason: 'no-block' })
})

it('a body without a block is left as it is', () => {
  expect(signBody('plain text', KEY, PR)).toBe('plain text')
  expect(verifyBody('plain text', KEY, PR)).toEqual({ body: 'plain text', check: 'none' })
})
