/**
 * The sanitizer on 100 KB bodies: a plain review body (paragraphs, lists,
 * code, links) against adversarial ones built to make a sanitizer or a
 * markdown parser superlinear. Model text is cut to GitHub's 65,536
 * characters before it is read, so every body is sanitized at that size.
 * Each time is the median of several runs in this process, the plain and the
 * adversarial body measured alternately; the ratio to the plain body is what
 * counts (target ≤ 2 for the body that made the old sanitizer quadratic),
 * not the milliseconds. The growth column doubles the input (below the cut):
 * about 2 means linear. The last table runs the printer alone, without the
 * cut, at 25, 50, 100 and 200 KB: each doubling about 2 means linear.
 */
import { formatBotComment } from '../src/core/memory/rmcoc.js'
import { printMarkdown } from '../src/core/text-safety/markdown-blocks.js'
import { sanitizeComment, sanitizeText } from '../src/core/text-safety/sanitize.js'

const SIZE = 100_000
const RUNS = 7

const fill = (piece: string, size = SIZE): string =>
  piece.repeat(Math.ceil(size / piece.length)).slice(0, size)

const PLAIN_PIECE = [
  'The handler reads the request body twice; the second read returns an empty buffer, so',
  'the validation below always passes. Read it once and pass the parsed value along.',
  '',
  '- `parseBody` is called in `handle` and again in `validate`',
  '- see [the stream docs](https://nodejs.org/api/stream.html) for why',
  '',
  '```ts',
  'const body = await parseBody(req)',
  'validate(body)',
  '```',
  '',
  ''
].join('\n')

/** Bodies that made the old sanitizer quadratic, or that stress a markdown parser. */
const ADVERSARIAL: readonly (readonly [string, (size: number) => string])[] = [
  ['escaped backticks and mentions (the old 14 s case)', (n) => fill('\\`@a ', n)],
  ['mentions', (n) => fill('ping @alice and @org/team, ', n)],
  ['references and emphasis', (n) => fill('_a_@b &#64;c &commat;d ', n)],
  ['unclosed backtick runs', (n) => fill('`a ``b ```c ', n)],
  ['nested lists and quotes', (n) => fill('- > - > a\n', n)],
  ['bracket and image openers', (n) => fill('![a](', n)],
  ['nested brackets', (n) => '['.repeat(n / 2) + ']'.repeat(n / 2)],
  [
    'HTML, comments and images',
    (n) => fill('<div>@a <img src="https://e.example/x?q"> <!-- x\n\n', n)
  ],
  ['a table with many cells', (n) => `| a | b |\n|---|---|\n${fill('| `@c` | <b>x</b> |\n', n)}`],
  ['bare URLs and code', (n) => fill('https://e.example/@a`b` www.e.example/x_@c ', n)],
  ['one long line of a URL', (n) => `https://e.example/${'a'.repeat(n)}`]
]

const block = { kind: 'finding', finding: 'bench', assessment: 'bench', score: 5 } as const
const asComment = (text: string): string =>
  sanitizeComment({ text, compose: (t) => formatBotComment(t, block) })

/** Median times of `a` and `b`, measured alternately so both see the same machine load. */
function medians(a: () => unknown, b: () => unknown): [number, number] {
  a()
  b()
  const times: [number[], number[]] = [[], []]
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, task] of [a, b].entries()) {
      const started = performance.now()
      task()
      times[index]?.push(performance.now() - started)
    }
  }
  const median = (list: number[]): number =>
    list.sort((x, y) => x - y)[Math.floor(list.length / 2)] ?? 0
  return [median(times[0]), median(times[1])]
}

export async function main(): Promise<void> {
  const plain = fill(PLAIN_PIECE)
  console.log('100 KB bodies as comments (cut to 65,536 characters first), median of 7:')
  console.log('shape'.padEnd(52), '   plain    shape  ratio  | growth 32→64 KB')
  let headline = 0
  let worst = 0
  for (const [index, [name, make]] of ADVERSARIAL.entries()) {
    const body = make(SIZE)
    const [plainTime, time] = medians(
      () => asComment(plain),
      () => asComment(body)
    )
    const [half, full] = medians(
      () => sanitizeText(make(32_000)),
      () => sanitizeText(make(64_000))
    )
    const ratio = time / plainTime
    if (index === 0) headline = ratio
    worst = Math.max(worst, ratio)
    console.log(
      `${name.padEnd(52)} ${plainTime.toFixed(0).padStart(5)} ms ${time.toFixed(0).padStart(5)} ms  ${ratio.toFixed(2)}  |  ${(full / half).toFixed(2)} (2 = linear)`
    )
  }
  console.log(
    `adversarial body (the old quadratic case) / plain body: ${headline.toFixed(2)} (target ≤ 2)`
  )
  console.log(`worst ratio over all shapes: ${worst.toFixed(2)}`)
  growth(plain)
}

const PRINT = { stateBlocks: true, structureLines: false } as const

/** The printer alone at 25/50/100/200 KB (no cut): time per doubling, for the plain and every adversarial body. */
function growth(plain: string): void {
  const sizes = [25_000, 50_000, 100_000, 200_000]
  console.log('\nprinter alone, no cut: growth per doubling 25→50→100→200 KB (2 = linear)')
  const shapes: (readonly [string, (size: number) => string])[] = [
    ['plain review body', (n) => fill(plain.slice(0, PLAIN_PIECE.length), n)],
    ...ADVERSARIAL
  ]
  for (const [name, make] of shapes) {
    const times = sizes.map((size) => {
      const text = make(size)
      return medians(
        () => printMarkdown(text, PRINT),
        () => printMarkdown(text, PRINT)
      )[0]
    })
    const ratios = times.slice(1).map((time, index) => (time / (times[index] ?? 1)).toFixed(2))
    console.log(`${name.padEnd(52)} ${ratios.join('  ')}`)
  }
}
