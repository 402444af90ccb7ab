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

  const fine = ['a', '.', '..', './a', '../a', 'a/./b', 'a/../b', '/abs/path', '~', '~/x', '~user', '.env', 'a b/c', '.a.b', 'dir/', 'a//b', 'é', '$HOME/x', '%2e%2e'];
  it.each(fine)('%j is well formed', (input) => {
    expect(malformedReason(input)).toBeUndefined();
  });
});
