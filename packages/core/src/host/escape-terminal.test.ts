import { describe, expect, it } from 'vitest';
import { escapeTerminal, hasControlChars } from '../host.js';

describe('escapeTerminal (C4)', () => {
  it.each([
    ['a CR and an erase-line inside quotes', 'echo "safe\r\u001b[2Krm -rf ~"', 'echo "safe\\r\\x1b[2Krm -rf ~"'],
    ['OSC 52 (clipboard write)', '\u001b]52;c;ZXZpbA==\u0007', '\\x1b]52;c;ZXZpbA==\\x07'],
    ['a one-character CSI', '\u009b2J', '\\x9b2J'],
    ['backspaces', 'rm\b\b\bls', 'rm\\b\\b\\bls'],
    ['bidi overrides', 'a\u202eb\u2066c', 'a\\u202eb\\u2066c'],
    ['DEL and NUL', 'x\u007fy\u0000', 'x\\x7fy\\x00'],
  ])('%s', (_what, input, shown) => {
    expect(escapeTerminal(input)).toBe(shown);
    expect(hasControlChars(input)).toBe(true);
  });

  it('keeps newlines, tabs and ordinary text; CRLF becomes a newline', () => {
    expect(escapeTerminal('a\tb\nc\r\nd — ü 🎉')).toBe('a\tb\nc\nd — ü 🎉');
    expect(hasControlChars('plain text — ü')).toBe(false);
  });

  it('multiline: false escapes newlines and tabs too', () => {
    expect(escapeTerminal('a\nb\tc\r\n', { multiline: false })).toBe('a\\nb\\tc\\r\\n');
  });
});
