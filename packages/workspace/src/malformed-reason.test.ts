import { describe, expect, it } from 'vitest';
import { malformedReason } from './malformed-reason.js';

describe('malformedReason (P2)', () => {
  const malformed: [string, RegExp][] = [
    ['', /empty/],
    ['a\u0000b', /U\+0000/],
    ['a\nb', /U\+000A/],
    ['a\tb', /U\+0009/],
    ['a\u001fb', /U\+001F/],
    ['a\u007fb', /U\+007F/],
    [' a', /leading whitespace/],
    ['a ', /trailing whitespace/],
    ['\u00a0a', /leading whitespace/],
    ['a\u3000', /trailing whitespace/],
    ['\u0085a', /leading whitespace/],
    ['a\u0085', /trailing whitespace/],
    ['src\\file.ts', /backslash/],
    ['C:.env', /colon/],
    ['C:/x', /colon/],
    ['file.txt:stream', /colon/],
    ['file:///etc/passwd', /colon/],
    ['a./b', /ending in "\."/],
    ['dir/file.', /ending in "\."/],
    ['...', /ending in "\."/],
    ['a /b', /ending in a space/],
    ['x/a /b', /ending in a space/],
  ];
  it.each(malformed)('%j is malformed', (input, reason) => {
    expect(malformedReason(input)).toMatch(reason);
  });

  const fine = [
    'a',
    '.',
    '..',
    './a',
    '../a',
    'a/./b',
    'a/../b',
    '/abs/path',
    '~',
    '~/x',
    '~user',
    '.env',
    'a b/c',
    '.a.b',
    'dir/',
    'a//b',
    'é',
    '$HOME/x',
    '%2e%2e',
  ];
  it.each(fine)('%j is well formed', (input) => {
    expect(malformedReason(input)).toBeUndefined();
  });

  it('agrees with the rules written as regexes on random paths (the one-pass accept path included)', () => {
    // The rules of P2 spelled out plainly: the fast path may only ever say "well formed" where these do.
    const reference = (input: string): boolean =>
      input.length > 0 &&
      !/[\u0000-\u001f\u007f]/.test(input) &&
      !/^[\s\u0085]/u.test(input) &&
      !/[\s\u0085]$/u.test(input) &&
      !input.includes('\\') &&
      !input.includes(':') &&
      input.split('/').every((c) => c === '.' || c === '..' || c === '' || !(c.endsWith('.') || c.endsWith(' ')));
    const alphabet = ['a', 'Z', '0', '.', '..', '/', ' ', ':', '\\', '\u0001', '\u007f', '\u0085', '\u00a0', 'é', '~', '-', '_', '@'];
    let seed = 5;
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      let input = '';
      for (let n = Math.floor(next() * 8); n >= 0; n--) input += alphabet[Math.floor(next() * alphabet.length)];
      if ((malformedReason(input) === undefined) !== reference(input)) wrong.push(JSON.stringify(input));
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});
