/**
 * Footnote definitions read as GitHub's renderer reads them, on top of
 * markdown-it-footnote:
 *
 * - A definition (`[^label]:`, not indented as code) starts a block wherever
 *   it stands: it ends a table and a block quote's lazy lines, not only a
 *   paragraph.
 * - Of two definitions with the same label the first counts; a later one is
 *   not rendered at all.
 */
import type MarkdownIt from 'markdown-it'
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs'
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs'
import type Token from 'markdown-it/lib/token.mjs'

/** A footnote definition's first line: `[^`, a label without `]` or whitespace, `]:`. */
const FOOTNOTE_DEFINITION = /^\[\^[^\]\s]+\]:/

/** Only a terminator: the definition itself is the plugin's to parse. */
function definitionStarts(state: StateBlock, line: number, _end: number, silent: boolean) {
  if (!silent || state.sCount[line]! - state.blkIndent >= 4) return false
  const start = state.bMarks[line]! + state.tShift[line]!
  return FOOTNOTE_DEFINITION.test(state.src.slice(start, state.eMarks[line]))
}

function labelOf(token: Token): string {
  return String((token.meta as { label?: unknown } | null)?.label ?? '')
}

/** Drops every definition whose label an earlier definition has. */
function dropRedefinitions(state: StateCore): void {
  const seen = new Set<string>()
  let dropping = false
  state.tokens = state.tokens.filter((token) => {
    if (token.type === 'footnote_reference_open') {
      dropping = seen.has(labelOf(token))
      seen.add(labelOf(token))
    }
    const keep = !dropping
    if (token.type === 'footnote_reference_close') dropping = false
    return keep
  })
}

/** Adds both rules to `md`, which has markdown-it-footnote. */
export function useCmarkFootnoteRules(md: MarkdownIt): void {
  md.block.ruler.before('footnote_def', 'footnote_def_start', definitionStarts, {
    alt: ['blockquote']
  })
  md.core.ruler.before('footnote_tail', 'footnote_redefinition', dropRedefinitions)
}
