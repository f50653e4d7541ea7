import { describe, expect, it } from '@jest/globals'
import { runInNewContext } from 'node:vm'
import { getErrorMessage } from '../../src/core/errors/error-message.js'

describe('getErrorMessage', () => {
  it('reads an Error, a string, an Error of another realm, and anything else', () => {
    expect(getErrorMessage(new TypeError('bad'))).toBe('bad')
    expect(getErrorMessage('plain words')).toBe('plain words')
    const foreign: unknown = runInNewContext('new TypeError("from another realm")')
    expect(foreign instanceof Error).toBe(false)
    expect(getErrorMessage(foreign)).toBe('from another realm')
    expect(getErrorMessage(42)).toBe('42')
    expect(getErrorMessage(undefined)).toBe('undefined')
  })
})
