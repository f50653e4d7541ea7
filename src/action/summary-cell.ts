/**
 * Untrusted text (findings, model names, failure reasons) as one cell of a
 * job-summary table: the job summary renders HTML, so a cell is sanitized,
 * kept to one line and HTML-escaped.
 */
import { sanitizePlainText } from '../core/text-safety/sanitize.js'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;'
}

/** Text shown as text in the job summary's HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}

/** Untrusted text as one table cell: sanitized, one line, HTML-escaped. */
export function cell(text: string, secrets: readonly string[] = []): string {
  const flat = sanitizePlainText(text, { secrets }).replace(/\s+/g, ' ').trim()
  const short = flat.length > 200 ? `${flat.slice(0, 200)}…` : flat
  return escapeHtml(short)
}
