import { describe, expect, it } from '@jest/globals'
import { REDACTED, containsSecret, redactSecrets } from '../../src/core/secrets/secret-patterns.js'
import { visibleView } from '../../src/core/secrets/secret-view.js'
import { FAMILY_SAMPLES, alnum } from './secret-fixtures.js'

const sample = (family: string): string => FAMILY_SAMPLES.find(([name]) => name === family)![1]
const GITHUB = sample('GitHub token')
const ANTHROPIC = sample('OpenAI / Anthropic key')
const STRIPE = sample('Stripe key')
const GITLAB = sample('GitLab token')
const ESC = '\u001b'

describe('token edges', () => {
  it('finds a token glued to a terminal colour code, with or without its ESC', () => {
    expect(redactSecrets(`${ESC}[31m${GITHUB}${ESC}[0m`)).toBe(`${ESC}[31m${REDACTED}${ESC}[0m`)
    expect(redactSecrets(`[1;31m${GITHUB}[0m`)).toBe(`[1;31m${REDACTED}[0m`)
    expect(redactSecrets(`printf '\\x1b[31m${GITHUB}'`)).toBe(`printf '\\x1b[31m${REDACTED}'`)
  })

  it('finds a token glued to a JSON, C or URL escape', () => {
    expect(redactSecrets(`{"log": "key:\\t${ANTHROPIC}\\n"}`)).toBe(
      `{"log": "key:\\t${REDACTED}\\n"}`
    )
    expect(redactSecrets(`"\\u0009${STRIPE}"`)).toBe(`"\\u0009${REDACTED}"`)
    expect(redactSecrets(`echo -e "\\n${GITLAB}"`)).toBe(`echo -e "\\n${REDACTED}"`)
    expect(redactSecrets(`?q=%22${GITHUB}%22`)).toBe(`?q=%22${REDACTED}%22`)
  })

  it('finds a token followed by an underscore or other word punctuation', () => {
    expect(redactSecrets(`${GITHUB}_`)).toBe(`${REDACTED}_`)
    expect(redactSecrets(`${STRIPE}_suffix`)).toBe(`${REDACTED}_suffix`)
    expect(redactSecrets(`prefix_${GITLAB}.`)).toBe(`prefix_${REDACTED}.`)
    expect(redactSecrets(`**${ANTHROPIC}**`)).toBe(`**${REDACTED}**`)
  })

  it('does not take a token out of the middle of a word', () => {
    expect(containsSecret(`Z${GITHUB}`)).toBe(false)
    expect(containsSecret(`${sample('npm token')}Z`)).toBe(false)
  })
})

describe('tokens split by what does not render', () => {
  const split = (token: string, filler: string): string =>
    `${token.slice(0, 3)}${filler}${token.slice(3, 20)}${filler}${token.slice(20)}`

  it.each([
    ['zero-width space', '\u200b'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['soft hyphen', '\u00ad'],
    ['byte-order mark', '\ufeff'],
    ['Unicode tag character', '\u{e0041}'],
    ['numeric character reference', '&#8203;'],
    ['hex character reference', '&#x200B;'],
    ['named character reference', '&ZeroWidthSpace;'],
    ['HTML comment', '<!-- -->']
  ])('redacts a token split by a %s, hidden pieces included', (_name, filler) => {
    for (const token of [GITHUB, ANTHROPIC, STRIPE]) {
      expect(redactSecrets(`token: ${split(token, filler)} end`)).toBe(`token: ${REDACTED} end`)
    }
  })

  it('redacts a token written with markdown escapes, which render without the backslash', () => {
    const escaped = GITHUB.replace('_', '\\_')
    expect(redactSecrets(`token ${escaped}.`)).toBe(`token ${REDACTED}.`)
  })

  it('redacts a token spelled with character references, and keeps other references', () => {
    const spelled = `gh&#112;&#x5F;${GITHUB.slice(4, -1)}&#${GITHUB.charCodeAt(GITHUB.length - 1)};`
    expect(redactSecrets(`token ${spelled}.`)).toBe(`token ${REDACTED}.`)
    expect(redactSecrets(`&#65;${GITHUB.slice(0, 5)}&#66; &lt;b&gt; &#x1F600;`)).toBe(
      `&#65;${GITHUB.slice(0, 5)}&#66; &lt;b&gt; &#x1F600;`
    )
  })

  it('keeps hidden characters around a token', () => {
    expect(redactSecrets(`a\u200b ${GITHUB}\u200b b`)).toBe(`a\u200b ${REDACTED}\u200b b`)
  })

  it('redacts a run secret split by zero-width characters', () => {
    const secret = 'my-model-key-0f9e8d7c'
    const out = redactSecrets(`key was my-model\u200b-key-0f9e\u200c8d7c!`, [secret])
    expect(out).toBe(`key was ${REDACTED}!`)
  })

  it('maps every match of the view back to the pieces of the original it covers', () => {
    const original = `a\u200bb&#8203;c<!--x-->d\\_e&#102;g`
    const view = visibleView(original)
    expect(view.text).toBe('abcd_efg')
    expect(view.originSpan(0, 2)).toEqual([0, 3])
    expect(view.originSpan(2, 4)).toEqual([original.indexOf('c'), original.indexOf('d') + 1])
    expect(view.originSpan(4, 5)).toEqual([original.indexOf('_'), original.indexOf('_') + 1])
    expect(view.originSpan(5, 7)).toEqual([original.indexOf('e'), original.indexOf('g')])
    expect(view.originSpan(6, 8)).toEqual([original.indexOf('&#102;'), original.length])
  })
})

describe('key blocks', () => {
  it('redacts a PEM key written with escaped newlines inside a JSON string', () => {
    const body = `MIIEvQIBADANBg${alnum(50)}\\n${alnum(64)}\\n${alnum(20)}==`
    const json = `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${body}\\n-----END PRIVATE KEY-----\\n", "id": 1}`
    expect(redactSecrets(json)).toBe(`{"private_key": "${REDACTED}\\n", "id": 1}`)
  })

  it('redacts a PGP armoured key, headers and checksum included', () => {
    const block = [
      '-----BEGIN PGP PRIVATE KEY BLOCK-----',
      'Comment: fake key for a test',
      '',
      alnum(64),
      alnum(40),
      '=AbCd',
      '-----END PGP PRIVATE KEY BLOCK-----'
    ].join('\n')
    expect(redactSecrets(`before\n${block}\nafter`)).toBe(`before\n${REDACTED}\nafter`)
  })

  it('leaves code that only names the BEGIN line alone', () => {
    const code = 'if (!pem.startsWith("-----BEGIN PRIVATE KEY-----")) throw new Error("not PKCS#8")'
    expect(redactSecrets(code)).toBe(code)
  })

  it('keeps the prose after a key whose END line is missing', () => {
    const open = `-----BEGIN EC PRIVATE KEY-----\n${alnum(64)}\n${alnum(12)}\n\nWhile reviewing, I noticed this.`
    expect(redactSecrets(open)).toBe(`${REDACTED}\n\nWhile reviewing, I noticed this.`)
  })
})
