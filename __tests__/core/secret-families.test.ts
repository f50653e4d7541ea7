import { describe, expect, it } from '@jest/globals'
import {
  REDACTED,
  SECRET_FAMILIES,
  containsSecret,
  redactSecrets
} from '../../src/core/secrets/secret-patterns.js'
import { FAMILY_SAMPLES, JWT, LABELLED_SAMPLES } from './secret-fixtures.js'

/** The contexts a token is quoted in: prose, assignments, JSON, YAML, XML, shell, URLs. */
const CONTEXTS: readonly ((token: string) => string)[] = [
  (t) => `The config sets token = ${t} on line 3.`,
  (t) => `{"apiKey": "${t}", "next": 1}`,
  (t) => `api_key: '${t}'\n`,
  (t) => `<token>\n    ${t}\n</token>`,
  (t) => `export TOKEN=${t}; echo done`,
  (t) => `see https://example.com/cb?token=${t}&x=1`,
  (t) => `(${t})`
]

describe('secret families: each vendor shape is redacted', () => {
  it.each(FAMILY_SAMPLES)('%s: %s', (_family, token) => {
    for (const context of CONTEXTS) {
      const text = context(token)
      expect(redactSecrets(text)).toBe(text.replace(token, REDACTED))
    }
  })

  it('finds nothing more in text it has redacted, so a sanitized comment never fails closed', () => {
    for (const [, token] of FAMILY_SAMPLES) {
      for (const context of CONTEXTS)
        expect(containsSecret(redactSecrets(context(token)))).toBe(false)
    }
    for (const [, text] of LABELLED_SAMPLES) expect(containsSecret(redactSecrets(text))).toBe(false)
  })

  it.each(LABELLED_SAMPLES)('%s keeps its label: %s', (_family, text, redacted) => {
    expect(redactSecrets(text)).toBe(redacted)
  })

  it('has a sample for every family it recognises, and knows the families of the issue', () => {
    const sampled = new Set([...FAMILY_SAMPLES, ...LABELLED_SAMPLES].map(([family]) => family))
    expect(SECRET_FAMILIES.filter((family) => !sampled.has(family))).toEqual([])
    expect([...sampled].filter((family) => !SECRET_FAMILIES.includes(family))).toEqual([])
    expect(SECRET_FAMILIES.length).toBeGreaterThanOrEqual(90)
  })

  it('redacts several tokens of several families in one text, each once', () => {
    const tokens = FAMILY_SAMPLES.map(([, token]) => token)
    const text = tokens.map((token, i) => `key${i} = ${token}`).join('\n')
    const out = redactSecrets(text)
    expect(out).toBe(tokens.map((_, i) => `key${i} = ${REDACTED}`).join('\n'))
  })

  it('turns overlapping matches of two families into one marker', () => {
    // A JWT quoted in a URL's password is matched by both the JWT and the URL-credential rules.
    const out = redactSecrets(`https://user:${JWT}@example.com/`)
    expect(out).toBe(`https://user:${REDACTED}@example.com/`)
  })

  it('leaves a token-like prefix alone when the body does not have the documented shape', () => {
    for (const text of [
      'the gh' + 'p_ prefix marks classic tokens',
      'gl' + 'pat-tooshort',
      'xo' + 'xo-gossip-girl-is-a-show-about-friends',
      's' + 'k_live_short',
      'AK' + 'IA-is-how-AWS-ids-start',
      'hf' + '_hub_download_with_retries_and_cache',
      'S' + 'G.prototype.render()',
      'A' + 'PI-VERSIONINGISDONEBYHEADERS'
    ]) {
      expect(redactSecrets(text)).toBe(text)
    }
  })

  it('does not take a token inside a longer word', () => {
    const token = FAMILY_SAMPLES.find(([family]) => family === 'npm token')![1]
    expect(redactSecrets(`x${token}`)).toBe(`x${token}`)
    expect(containsSecret(`${token}x`)).toBe(false)
  })
})

/** Code, prose, URLs and identifiers a review comment is full of: none of it may change. */
const NEGATIVE_CORPUS: readonly string[] = [
  'The task-runner uses sk-learn and ghp_short and AKIA in prose.',
  'This PR renames `getUserById` to `findUserByIdentifier` and adds a retry with exponential backoff.',
  'See https://github.com/octokit/rest.js/blob/main/docs/repos/getContent.md#parameters for details.',
  'Docs: https://docs.github.com/en/rest/pulls/reviews?apiVersion=2022-11-28#create-a-review',
  'Clone with git@github.com:owner/repo.git or https://github.com/owner/repo.git',
  'The server listens on http://localhost:8080/api/v1/health and http://127.0.0.1:3000/',
  'Connect with postgres://user:password@localhost:5432/app (placeholder credentials).',
  'Use https://${USER}:${TOKEN}@example.com or https://user:***@example.com in the docs.',
  'mailto:someone@example.com and user@example.org are addresses, not credentials.',
  'commit 3f786850e387550fdab836ed7e6dc881de23001b fixes #123 (see also a94a8fe5ccb19ba61c4c0873d391e987982fbbd3)',
  'sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'md5 d41d8cd98f00b204e9800998ecf8427e, uuid 123e4567-e89b-12d3-a456-426614174000',
  'integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUR+eQ==',
  'const token = process.env.GITHUB_TOKEN ?? core.getInput("github_token", { required: true })',
  'export function redactSecrets(text: string, secrets: readonly string[] = []): string {',
  'if (apiKey.startsWith("sk-")) throw new Error("use a project key, not sk-…")',
  'const re = /^mongodb:\\/\\/(\\w+:\\w+@)?\\w+:-?\\d+(\\/(\\w+)?)?$/',
  'import { createAppAuth } from "@octokit/auth-app"; // pat. and sat. are Harness prefixes',
  'kind: Secret\ndata:\n  password: ${DB_PASSWORD}\n',
  '| family | prefix |\n|---|---|\n| GitHub | `ghp_` |\n| GitLab | `glpat-` |',
  'color: #deadbeef; margin: 0 auto; font-family: "Helvetica Neue", Arial;',
  'Version 1.2.3-beta.4+build.567 was released on 2024-05-01T12:34:56Z.',
  'this.s.someMethodNameWithDigits1(x) and foo.bar.baz.qux()',
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA is padding',
  'A long identifier: MyVeryLongClassNameForTheAbstractSingletonProxyFactoryBeanHelperUtility',
  '`\\x1b[31m` colours the output red and `\\t` is a tab.',
  'node_modules/.pnpm/@types+node@20.19.43/node_modules/@types/node/index.d.ts:42:7',
  'Weights live at https://huggingface.co/bert-base-uncased/resolve/main/config.json',
  'restore-keys: npm-cache-key-d41d8cd98f00b204e9800998ecf8427e',
  'GET /files/1234567890123456%2Freports-2024-quarterly-summary-final.pdf'
]

/** Base64 of ordinary prose and of a source file: long, mixed-case, digits, + and /. */
const BASE64_CORPUS: readonly string[] = [
  'The quick brown fox jumps over the lazy dog. '.repeat(12),
  'export function add(a: number, b: number): number {\n  return a + b\n}\n'.repeat(8),
  'Review the pull request carefully; secrets must never leak into comments! '.repeat(10),
  'ref: refs/heads/main\nrefs/tags/v1.2.3\n'.repeat(6),
  'refund the customer before the invoice is closed, then notify billing.'
].map((text) => Buffer.from(text).toString('base64'))

describe('secret families: ordinary text stays untouched', () => {
  it.each(NEGATIVE_CORPUS)('%s', (text) => {
    expect(redactSecrets(text)).toBe(text)
  })

  it.each(BASE64_CORPUS)('base64 of ordinary text: %s', (text) => {
    expect(redactSecrets(text)).toBe(text)
    expect(redactSecrets(`data:text/plain;base64,${text}`)).toBe(`data:text/plain;base64,${text}`)
  })
})
