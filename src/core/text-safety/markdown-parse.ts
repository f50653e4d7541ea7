/**
 * The markdown parser the sanitizer reads comments with: markdown-it, a
 * CommonMark parser with GitHub's tables and strikethrough, raw HTML on (as
 * on GitHub), no typographic replacements. It runs in linear time on the
 * inputs that make other parsers quadratic (long lists, many emphasis or
 * bracket openers), which matters because the text is model-written.
 *
 * markdown-it gives block tokens their lines but inline tokens no offsets,
 * so the inline rules that matter are wrapped to record where they matched:
 * code spans, links, images, autolinks and inline HTML, in the offsets of
 * the inline token's content. Text no rule matched is prose.
 */
import markdownIt from 'markdown-it'
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs'
import type Token from 'markdown-it/lib/token.mjs'

export type SpanKind = 'code' | 'link' | 'image' | 'autolink' | 'html'

export interface InlineSpan {
  readonly kind: SpanKind
  /** [start, end) in the inline token's content. */
  readonly start: number
  readonly end: number
  /** The image token, for images. */
  readonly image?: Token
}

export interface ParsedMarkdown {
  readonly tokens: readonly Token[]
  /** The spans recorded for an inline token (looked up by its children array). */
  readonly spansOf: (inline: Token) => readonly InlineSpan[]
}

const RULE_KINDS: Readonly<Record<string, SpanKind>> = {
  backticks: 'code',
  link: 'link',
  image: 'image',
  autolink: 'autolink',
  html_inline: 'html'
}

interface SpanEnv {
  /** Spans of the inline content being parsed; undefined inside an image's alt text. */
  current?: InlineSpan[]
  /** How many inline parses are running (an image's alt text is parsed inside its paragraph's). */
  depth: number
  readonly byChildren: Map<Token[], InlineSpan[]>
}

type InlineRule = (state: StateInline, silent: boolean) => boolean

function recording(kind: SpanKind, rule: InlineRule): InlineRule {
  return (state, silent) => {
    const start = state.pos
    const tokens = state.tokens.length
    const matched = rule(state, silent)
    const spans = (state.env as unknown as SpanEnv).current
    // A backtick run without its closer is consumed as text: no token, no span.
    if (matched && !silent && spans !== undefined && state.tokens.length > tokens) {
      const image = kind === 'image' ? state.tokens.at(-1) : undefined
      spans.push({ kind, start, end: state.pos, ...(image === undefined ? {} : { image }) })
    }
    return matched
  }
}

/** The ruler's rule list: not part of the typed API, but the only way to the rule functions (pinned version). */
interface RuleList {
  readonly __rules__: readonly { readonly name: string; readonly fn: InlineRule }[]
}

function createParser(): markdownIt {
  const md = markdownIt('default', { html: true, linkify: false, typographer: false })
  for (const rule of (md.inline.ruler as unknown as RuleList).__rules__) {
    const kind = RULE_KINDS[rule.name]
    if (kind !== undefined) md.inline.ruler.at(rule.name, recording(kind, rule.fn))
  }
  const parseInline = md.inline.parse.bind(md.inline)
  md.inline.parse = (src, parser, env, outTokens) => {
    const spanEnv = env as unknown as SpanEnv
    const outer = spanEnv.current
    // An image's alt text is parsed as a separate string: its spans are not the content's.
    const spans: InlineSpan[] = []
    spanEnv.current = spanEnv.depth === 0 ? spans : undefined
    if (spanEnv.depth === 0) spanEnv.byChildren.set(outTokens, spans)
    spanEnv.depth += 1
    try {
      parseInline(src, parser, env, outTokens)
    } finally {
      spanEnv.depth -= 1
      spanEnv.current = outer
    }
  }
  return md
}

const PARSER = createParser()

/** Parses markdown ("\n" line endings, no NUL) into tokens and inline spans. */
export function parseMarkdown(text: string): ParsedMarkdown {
  const env: SpanEnv = { depth: 0, byChildren: new Map() }
  const tokens = PARSER.parse(text, env as unknown as Record<string, unknown>)
  return {
    tokens,
    spansOf: (inline) =>
      inline.children === null ? [] : (env.byChildren.get(inline.children) ?? [])
  }
}
