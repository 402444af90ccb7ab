import { describe, expect, it } from 'vitest';
import { isHostAllowed } from './network-proxy.js';

describe('isHostAllowed', () => {
  const allow = ['registry.npmjs.org', '*.pythonhosted.org', '127.0.0.1'];
  it.each([
    ['registry.npmjs.org', true],
    ['REGISTRY.npmjs.org.', true],
    ['files.pythonhosted.org', true],
    ['pythonhosted.org', false],
    ['evilpythonhosted.org', false],
    ['registry.npmjs.org.evil.com', false],
    ['127.0.0.1', true],
    ['localhost', false],
    ['[::1]', false],
  ])('%s → %s', (host, expected) => {
    expect(isHostAllowed(host, allow)).toBe(expected);
  });
});
