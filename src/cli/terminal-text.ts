/**
 * Model text made safe to print on a terminal: a finding must not be able to
 * move the cursor, recolour or clear the screen, set the window title, write
 * the clipboard (OSC 52) or plant a hyperlink. Whole escape sequences go
 * first, so their parameters do not linger as noise; then every control
 * character but tab and line feed (a carriage return becomes a line feed, so
 * nothing overwrites a line), bidi controls and other invisible characters,
 * and secrets. Mentions are left alone: a terminal links nobody, and a word
 * joiner inside an id ("F1@123") would break copying it into `dismiss`.
 */
import { stripHiddenCharacters } from '../core/text-safety/hidden-characters.js'
import { redactSecrets } from '../core/secrets/secret-patterns.js'

const ESCAPE_SEQUENCES = new RegExp(
  [
    // CSI (ESC [ or the 8-bit 0x9B): parameters, intermediates, one final byte.
    '(?:\\u001B\\[|\\u009B)[0-?]*[ -/]*[@-~]',
    // OSC, DCS, SOS, PM, APC: a bounded string ended by BEL or ST.
    '(?:\\u001B[\\]PX^_]|[\\u0090\\u0098\\u009D-\\u009F])[^\\u0007\\u001B\\u009C]{0,4096}(?:\\u0007|\\u001B\\\\|\\u009C)',
    // Any other escape: ESC, intermediates, one final byte.
    '\\u001B[ -/]*[0-~]'
  ].join('|'),
  'g'
)

export function terminalText(text: string, secrets: readonly string[]): string {
  return redactSecrets(stripHiddenCharacters(text.replace(ESCAPE_SEQUENCES, '')), secrets)
}
