import { describe, expect, it } from 'vitest';
import { parseWorkspaceHint } from './workspace-hint.js';

describe('parseWorkspaceHint', () => {
  it.each([
    ['@web:src/a.ts', 'path', { name: 'web', rest: 'src/a.ts' }],
    ['@web:echo a\necho b', 'command', { name: 'web', rest: 'echo a\necho b' }],
    ['@web:', 'path', { name: 'web', rest: '' }],
    ['@my app:src', 'path', { name: 'my app', rest: 'src' }],
    ['@my app:ls', 'command', undefined],
    ['@types/node:x', 'path', undefined],
    ['@:x', 'path', undefined],
    ['src/@web:x', 'path', undefined],
    ['ls @web:x', 'command', undefined],
    ['https://example.com', 'path', undefined],
  ] as const)('%j as a %s', (text, kind, expected) => {
    expect(parseWorkspaceHint(text, kind)).toEqual(expected);
  });
});
