import { describe, expect, it } from 'vitest';
import { isPathInside, relativeInside } from './is-path-inside.js';

describe('isPathInside (P4)', () => {
  it('compares components, not string prefixes', () => {
    expect(isPathInside('/root', '/root')).toBe(true);
    expect(isPathInside('/root/a', '/root')).toBe(true);
    expect(isPathInside('/root2', '/root')).toBe(false);
    expect(isPathInside('/root2/a', '/root')).toBe(false);
    expect(isPathInside('/roo', '/root')).toBe(false);
    expect(isPathInside('/', '/root')).toBe(false);
  });
  it('treats / as containing everything', () => {
    expect(isPathInside('/x/y', '/')).toBe(true);
    expect(relativeInside('/x/y', '/')).toBe('x/y');
  });
  it('gives relative paths inside only', () => {
    expect(relativeInside('/root', '/root')).toBe('.');
    expect(relativeInside('/root/a/b', '/root')).toBe('a/b');
    expect(relativeInside('/root2/a', '/root')).toBeUndefined();
  });
});
