/**
 * sanitizeText redacts secrets: every token family (in code blocks too),
 * PEM private keys (closed or not), the run's own secret values, and the AWS
 * secret key's value; short secrets and ordinary identifiers stay.
 */
import { describe, expect, it } from '@jest/globals'
import { REDACTED, sanitizeText } from '../../src/core/text-safety/sanitize.js'
import { body, FENCE, TOKENS } from './sanitize-fixtures.js'

describe('sanitizeText: secrets', () => {
  it.each(TOKENS)('redacts a %s token', (_name, token) => {
    const out = sanitizeText(`The config sets token = ${token} on line 3.`)
    expect(out).not.toContain(token)
    expect(out).toContain(REDACTED)
    expect(out).toContain('on line 3.')
  })

  it('redacts tokens inside code blocks too', () => {
    const token = TOKENS[0]![1]
    const out = sanitizeText(`${FENCE}ts\nconst t = '${token}'\n${FENCE}`)
    expect(out).toBe(`${FENCE}ts\nconst t = '${REDACTED}'\n${FENCE}`)
  })

  it('redacts a whole PEM private key block, and one missing its END line', () => {
    const key = ['-----BEGIN RSA PRIVATE ' + 'KEY-----', body(64), body(64), 'ab=='].join('\n')
    const closed = `${key}\n-----END RSA PRIVATE KEY-----`
    const out = sanitizeText(`before\n${closed}\nafter`)
    expect(out).toBe(`before\n${REDACTED}\nafter`)
    const open = sanitizeText(`before\n${key}\n\nThe key is committed.`)
    expect(open).not.toContain(body(64))
    expect(open).toContain('The key is committed.')
  })

  it('redacts the exact values of the run secrets, whatever their shape', () => {
    const secret = 'my-model-key-0f9e8d7c'
    const out = sanitizeText(`key was ${secret}, twice: ${secret}`, { secrets: [secret] })
    expect(out).toBe(`key was ${REDACTED}, twice: ${REDACTED}`)
  })

  it('ignores run secrets too short to match safely, and empty ones', () => {
    expect(sanitizeText('the value abc appears', { secrets: ['abc', '', '   '] })).toBe(
      'the value abc appears'
    )
  })

  it('labels stay, the AWS secret key value goes', () => {
    const out = sanitizeText(`aws_secret_access_key = ${body(40)}`)
    expect(out).toBe(`aws_secret_access_key = ${REDACTED}`)
  })

  it('leaves ordinary identifiers alone', () => {
    const text = 'The task-runner uses sk-learn and ghp_short and AKIA in prose.'
    expect(sanitizeText(text)).toBe(text)
  })
})
