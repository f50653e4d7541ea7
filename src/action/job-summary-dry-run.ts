/**
 * The job summary's dry-run section: every write the run kept back, in the
 * order it would have happened, each in its own <details> with the body
 * exactly as it would have been sent. Bodies are shown as text (HTML-escaped
 * inside <pre>), never rendered: they are the bot's markdown, hidden markers
 * and rmcoc blocks included, and the run page of a public repository is public.
 */
import type { WouldBeWrite } from '../core/reports/run-report.js'
import { escapeHtml } from './summary-cell.js'

/**
 * Characters of one body shown, and of the whole section: a step's job
 * summary holds at most 1 MiB, and escaping can make text several times longer.
 */
export const MAX_BODY_CHARS = 8_000
export const MAX_SECTION_CHARS = 600_000

/** Exact secret values never reach the run page, even if a body slipped one through. */
function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join('***'), text)
}

function writeHtml(write: WouldBeWrite, secrets: readonly string[]): string {
  const body = redact(write.body, secrets)
  const cut =
    body.length > MAX_BODY_CHARS
      ? `${body.slice(0, MAX_BODY_CHARS)}\n… (${body.length - MAX_BODY_CHARS} more characters)`
      : body
  const title = `<summary>${escapeHtml(write.kind)} — ${escapeHtml(redact(write.target, secrets))}</summary>`
  const shown = cut === '' ? '<p>(no body)</p>' : `<pre>${escapeHtml(cut)}</pre>`
  return `<details>${title}\n\n${shown}\n</details>`
}

/** The section as HTML: a heading, what a dry run is, and one <details> per write. */
export function dryRunSection(
  writes: readonly WouldBeWrite[],
  secrets: readonly string[] = []
): string {
  const intro =
    writes.length === 0
      ? '<p><strong>Dry run:</strong> nothing was written to the pull request, and the run would have written nothing.</p>'
      : `<p><strong>Dry run:</strong> nothing was written to the pull request. These ${writes.length} write(s) would have been made:</p>`
  const shown: string[] = []
  let used = 0
  for (const write of writes) {
    const html = writeHtml(write, secrets)
    if (used + html.length > MAX_SECTION_CHARS) break
    shown.push(html)
    used += html.length
  }
  const more =
    shown.length < writes.length
      ? [
          `<p>… and ${writes.length - shown.length} more write(s), not shown (the job summary is full).</p>`
        ]
      : []
  return ['<h3>Dry run: what would have been posted</h3>', intro, ...shown, ...more].join('\n')
}
