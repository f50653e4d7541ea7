/**
 * The team's rule as the bot keeps it: plain text on one line, as it will
 * be shown in prompts, in refusals and in the memory issue. Hidden
 * characters go, whitespace collapses, secrets are redacted, markdown
 * control characters are dropped (so the rule reads the same rendered or
 * not), mentions are defused and the text is cut to MAX_RULE_CHARS.
 */
import { MAX_RULE_CHARS } from '../memory/learning-block.js'
import { REDACTED, redactSecrets } from '../secrets/secret-patterns.js'
import { stripHiddenCharacters } from '../text-safety/hidden-characters.js'
import { allMentionInserts, insertWordJoiners } from '../text-safety/mentions.js'

/** Block markers at the start: headings, quotes, bullets, numbered items, rules. */
const LEADING_MARKERS = /^(?:(?:[#>=*+-]+|\d{1,9}[.)])(?:\s+|$))+/u
/** Characters that are markup wherever they stand: code, emphasis, links, tables, escapes. */
const INLINE_MARKUP = /[`*~|\\[\]]/g
/** A "<" that opens a tag, a comment or a processing instruction. */
const TAG_OPEN = /<(?=[A-Za-z/!?])/g
/** An underscore at the edge of a word (emphasis); "snake_case" keeps its own. */
const EDGE_UNDERSCORE = /(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu
/** The "&" of a character reference ("&lt;", "&#64;"). */
const REFERENCE_START = /&(?=#[0-9]|#[xX][0-9A-Fa-f]|[A-Za-z][A-Za-z0-9]*;)/g

function dropMarkup(text: string): string {
  return text
    .replace(INLINE_MARKUP, '')
    .replace(TAG_OPEN, '')
    .replace(EDGE_UNDERSCORE, '')
    .replace(REFERENCE_START, '')
}

/** Cuts at the last space before the limit when one is near, marking the cut with "…". */
function cutRule(text: string): string {
  if (text.length <= MAX_RULE_CHARS) return text
  const room = text.slice(0, MAX_RULE_CHARS - 1)
  const space = room.lastIndexOf(' ')
  return `${(space > MAX_RULE_CHARS - 60 ? room.slice(0, space) : room).trimEnd()}…`
}

/** The rule cleaned as described above; empty when nothing readable is left. */
export function cleanRuleText(text: string): string {
  const line = stripHiddenCharacters(text).replace(/\s+/g, ' ').trim()
  // Secrets first, while they are whole; the redaction mark keeps its brackets.
  const redacted = redactSecrets(line)
  const plain = redacted
    .split(REDACTED)
    .map((part) => dropMarkup(part))
    .join(REDACTED)
    .replace(LEADING_MARKERS, '')
    .replace(/\s+/g, ' ')
    .trim()
  const safe = redactSecrets(plain)
  return cutRule(insertWordJoiners(safe, allMentionInserts(safe)))
}
