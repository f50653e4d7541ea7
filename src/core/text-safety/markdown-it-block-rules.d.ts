/** markdown-it's own paragraph and reference definition rules, which its types leave out. */
declare module 'markdown-it/lib/rules_block/paragraph.mjs' {
  import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs'
  export default function paragraph(state: StateBlock, startLine: number, endLine: number): boolean
}
declare module 'markdown-it/lib/rules_block/reference.mjs' {
  import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs'
  export default function reference(
    state: StateBlock,
    startLine: number,
    endLine: number,
    silent: boolean
  ): boolean
}
