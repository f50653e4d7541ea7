/**
 * The printer does not damage real text: 200 READMEs from node_modules
 * (every package's README.md, sorted by path, taken at an even stride, so
 * the pick is the same on every machine with the same lockfile), each
 * sanitized and both versions read with a second parser (micromark, see
 * markdown-oracle.ts). Documents with secrets or raw diffs (redacted on
 * purpose) are left out. The comparison:
 *
 * - code: the values of every fenced and indented code block, and of
 *   every code span, in order, are byte-identical (all documents); a line
 *   ending inside a code span counts as the space it renders as (micromark
 *   keeps it in the value, markdown-it and the printer write the space); a line
 *   ending inside a code span counts as the space it renders as (micromark
 *   keeps it in the value, markdown-it and the printer write the space);
 * - text: for documents that use only the markup the printer keeps (no raw
 *   HTML, images, footnotes or reference definitions, which are printed as
 *   text or links on purpose), the shown text (mdast-util-to-string's
 *   rule: values, alt texts, children) is identical once the printer's word
 *   joiners and the hidden characters it drops are removed, and tables, lists, list items, headings, links and
 *   code blocks are as many as before.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { containsSecret } from '../../src/core/secrets/secret-patterns.js'
import { stripHiddenCharacters } from '../../src/core/text-safety/hidden-characters.js'
import { MODEL_TEXT_LIMIT, sanitizeText } from '../../src/core/text-safety/sanitize.js'
import { nodeText, parse } from './markdown-oracle.js'

const ROOT = join(process.cwd(), 'node_modules')
const COUNT = 200

function readmes(): string[] {
  const dirs = readdirSync(ROOT).flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(ROOT, name)).map((sub) => join(name, sub)) : [name]
  )
  const files = dirs
    .map((dir) => join(ROOT, dir, 'README.md'))
    .filter((file) => existsSync(file))
    .sort()
  const stride = Math.max(1, files.length / COUNT)
  return Array.from(
    { length: Math.min(COUNT, files.length) },
    (_, i) => files[Math.floor(i * stride)]!
  )
}

interface Node {
  readonly type: string
  readonly value?: string
  readonly children?: readonly Node[]
}

function nodes(tree: Node): Node[] {
  return [tree, ...(tree.children ?? []).flatMap(nodes)]
}

const KEPT_ONLY = new Set([
  'html',
  'image',
  'imageReference',
  'footnoteDefinition',
  'footnoteReference',
  'definition'
])
const STRUCTURE = ['table', 'list', 'listItem', 'heading', 'link', 'code']

/** A code block's value, or a code span's as rendered (a line ending shows as a space). */
function rendered(node: Node): string {
  return node.type === 'inlineCode' ? (node.value ?? '').replace(/\n/g, ' ') : (node.value ?? '')
}

function spansRendered(node: Node): Node {
  if (node.type === 'inlineCode') return { ...node, value: rendered(node) }
  return node.children === undefined
    ? node
    : { ...node, children: node.children.map(spansRendered) }
}

describe('sanitizing real documents', () => {
  const files = readmes()
  it(`keeps code byte for byte and text as shown, over ${files.length} READMEs`, () => {
    const codeDamage: string[] = []
    const textDamage: string[] = []
    let compared = 0
    for (const file of files) {
      const input = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n').slice(0, MODEL_TEXT_LIMIT)
      if (containsSecret(input) || /^[ \t>]*diff --git /m.test(input)) continue
      const before = nodes(parse(input) as Node)
      const after = nodes(parse(sanitizeText(input)) as Node)
      const code = (list: Node[]): string[] =>
        list.filter((n) => n.type === 'code' || n.type === 'inlineCode').map(rendered)
      if (JSON.stringify(code(before)) !== JSON.stringify(code(after))) codeDamage.push(file)
      if (before.some((n) => KEPT_ONLY.has(n.type))) continue
      compared += 1
      const count = (list: Node[]): number[] =>
        STRUCTURE.map((type) => list.filter((n) => n.type === type).length)
      // Hidden characters (a zero-width joiner inside an emoji, say) are dropped on purpose.
      const shown = (list: Node[]): string =>
        stripHiddenCharacters(nodeText(spansRendered(list[0]!))).replace(/\u2060/g, '')
      if (shown(before) !== shown(after)) textDamage.push(`${file}: text`)
      if (String(count(before)) !== String(count(after))) textDamage.push(`${file}: structure`)
    }
    console.log(`damage: ${files.length} READMEs, text compared on ${compared}`)
    expect(compared).toBeGreaterThan(40)
    expect(codeDamage).toEqual([])
    expect(textDamage).toEqual([])
  }, 600_000)
})
