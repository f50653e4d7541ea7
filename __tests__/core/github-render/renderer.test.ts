/**
 * The harness's own parts: the batch renderer gives byte for byte what the
 * cmark-gfm binary gives, one process per document; the oracle sees each
 * thing GitHub would act on, and not what it would not.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { cmarkAvailable, renderWithBinary, startRenderer, type Renderer } from './cmark-renderer.js'
import { loadCorpus } from './corpus.js'
import { inspectHtml } from './html-oracle.js'
import { generateMarkdown } from './markdown-generator.js'
import { mentionsInText } from './mention-rule.js'
import { minimize } from './minimize.js'
import { caseSeed } from './seeded-random.js'

const describeWhenRenderable =
  cmarkAvailable() || process.env.CI !== undefined ? describe : describe.skip

describeWhenRenderable('the batch renderer', () => {
  let renderer: Renderer | undefined
  beforeAll(() => {
    renderer = startRenderer()
  })
  afterAll(() => renderer?.close())

  it('is the batch helper, not one process per document', () => {
    expect(renderer?.kind).toBe('batch')
  })

  it('renders every corpus entry and 120 generated cases exactly as the binary does', async () => {
    const inputs = [
      ...loadCorpus().map((e) => e.input),
      ...Array.from({ length: 120 }, (_, i) => generateMarkdown(caseSeed(5, i))),
      // Definitions in one document never reach the next one.
      '[x]: https://evil.example/x.png',
      '![x]',
      '[^1]: note',
      'a[^1]',
      '```',
      '@octocat'
    ]
    const batch = await Promise.all(inputs.map((input) => renderer!.render(input)))
    const differing: string[] = []
    for (const [i, input] of inputs.entries()) {
      if ((await renderWithBinary(input)) !== batch[i]) differing.push(input)
    }
    expect(differing).toEqual([])
    expect(batch.at(-5)).toBe('<p>![x]</p>\n')
    expect(batch.at(-1)).toBe('<p>@octocat</p>\n')
  }, 120_000)
})

describe("GitHub's mention rule", () => {
  it.each([
    ['@kneath: check it out.', ['@kneath']],
    ['hi @kneath.', ['@kneath']],
    ['(@octocat)', ['@octocat']],
    ['é@octocat', ['@octocat']],
    ['@octo-cat, yes', ['@octo-cat']],
    ['@my-org/review-team', ['@my-org/review-team']],
    ['mail security@example.com', []],
    ['@octocat_x', []],
    ['@octocat.name', []],
    ['@octocat/', []],
    ['@\u2060octocat', []],
    ['@a@b', ['@a']]
  ])('%j mentions %j', (text, expected) => {
    expect(mentionsInText(text)).toEqual(expected)
  })
})

describe('the oracle', () => {
  const checks = (html: string) => inspectHtml(html).map((f) => f.check)

  it.each([
    ['<p>hi @octocat</p>', 'mention'],
    ['<p><em>x</em>@octocat</p>', 'mention'],
    ['<p><a href="x">x</a>@my-org/team</p>', 'mention'],
    ['<p><img src="https://evil.example/x.png"></p>', 'outside-fetch'],
    [
      '<picture><source srcset="https://github.com/a.png 1x, //evil.example/b.png 2x"></picture>',
      'outside-fetch'
    ],
    ['<video poster="https://evil.example/p.png"></video>', 'outside-fetch'],
    ['<svg><image href="https://evil.example/s.png"/></svg>', 'outside-fetch'],
    ['<div style="background: url(\'https://evil.example/s.png\')">x</div>', 'outside-fetch'],
    ['<p>a</p><!-- hidden', 'html-comment'],
    ['<?php x ?>', 'html-comment'],
    ['<script>x</script>', 'raw-element'],
    ['<p><textarea>x</textarea></p>', 'raw-element'],
    ['<p>a\u202eb</p>', 'hidden-character'],
    ['<p>a&#x200B;b</p>', 'hidden-character'],
    ['<p><code>a&shy;b</code></p>', 'hidden-character'],
    ['<img alt="a\u2066b" src="https://github.com/x.png">', 'hidden-character']
  ])('flags %j as %s', (html, check) => {
    expect(checks(html)).toContain(check)
  })

  it.each([
    '<p><code>@octocat</code> <a href="https://x.example/@octocat">@octocat</a></p>',
    '<pre><code>@octocat\n</code></pre>',
    '<p>mail security@example.com, @\u2060octocat</p>',
    '<p><img src="https://user-images.githubusercontent.com/1/x.png"> <img src="/o/r/raw/x.png"></p>',
    '<p>&lt;script&gt; &lt;!-- x --&gt;</p>',
    '<p>\u26a0\ufe0f fine</p>',
    '<div src="https://evil.example/y.png" style="x: url(https://evil.example/s.png)">x</div>'
  ])('finds nothing in %j', (html) => {
    expect(inspectHtml(html)).toEqual([])
  })

  const end = { json: '{"kind":"finding","score":7}', marker: ' review-my-code-bot ' }
  const block =
    '<pre><code class="language-rmcoc">{\n  "kind": "finding",\n  "score": 7\n}\n</code></pre>\n'
  const marker = '<!-- review-my-code-bot -->\n'

  it('accepts a bot comment that ends with its block and marker', () => {
    expect(inspectHtml(`<p>text</p>\n<hr />\n${block}${marker}`, end)).toEqual([])
    expect(inspectHtml(`<p><em>open</p>\n${block}${marker}`, end)).toEqual([])
  })

  it.each([
    ['a changed block', `${block.replace('7', '8')}${marker}`],
    ['text after the block', `${block}<p>x</p>\n${marker}`],
    ['no marker', block],
    ['a block inside details', `<details>${block}${marker}`],
    ['a block hidden in a comment', `<!-- ${block}${marker}`],
    ['a second block', `${block}${block}${marker}`]
  ])('flags %s', (_name, html) => {
    expect(inspectHtml(html, end).map((f) => f.check)).toContain('rmcoc')
  })
})

describe('the minimizer', () => {
  it('shrinks to what still fails, lines then characters', async () => {
    const text = 'one\ntwo @octocat three\nfour\nfive'
    const shrunk = await minimize(text, async (t) => t.includes('@oc'))
    expect(shrunk).toBe('@oc')
  })
})
