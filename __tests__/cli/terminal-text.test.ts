import { terminalText } from '../../src/cli/terminal-text.js'

// eslint-disable-next-line no-control-regex -- checking that none survive
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/

it.each([
  ['colours and cursor moves', 'a\u001b[1;31mred\u001b[0m\u001b[2J\u001b[Hb', 'aredb'],
  ['an 8-bit CSI', 'up\u009b2Ahere', 'uphere'],
  ['a window title ended by BEL', 'x\u001b]0;owned\u0007y', 'xy'],
  [
    'a hyperlink ended by ST',
    '\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\',
    'link'
  ],
  ['a clipboard write', 'c\u001b]52;c;cm0gLXJmIH4=\u0007d', 'cd'],
  ['an unterminated OSC keeps the text, loses the control', 'e\u001b]0;rest', 'e0;rest'],
  ['a carriage return, which would overwrite the line', 'safe\rEVIL', 'safe\nEVIL'],
  ['a bidi override', 'a\u202Eb', 'ab']
])('strips %s', (_what, text, expected) => {
  const clean = terminalText(text, [])
  expect(clean).toBe(expected)
  expect(clean).not.toMatch(CONTROL)
})

it('keeps tabs, line feeds and ids with an @, and redacts the given secrets', () => {
  expect(terminalText('F1@12\tkey sk-abcdef0123456789\nnext', ['sk-abcdef0123456789'])).toBe(
    'F1@12\tkey [REDACTED]\nnext'
  )
})
