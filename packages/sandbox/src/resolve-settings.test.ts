import { describe, expect, it } from 'vitest';
import { resolveSandboxSettings } from './resolve-settings.js';

describe('resolveSandboxSettings', () => {
  it('defaults: workspace-write, network off, ~/.ssh and ~/.aws hidden, unsandboxed fallback (mode left to its default)', () => {
    expect(resolveSandboxSettings(undefined, '/repo', '/home/u')).toEqual({
      mode: 'workspace-write',
      fallback: 'unsandboxed',
      network: 'off',
      networkAllow: [],
      denyRead: ['/home/u/.ssh', '/home/u/.aws'],
      allowWrite: [],
      excludedCommands: [],
      hooks: true,
    });
  });

  it('a chosen mode refuses by default when the sandbox is unavailable', () => {
    expect(resolveSandboxSettings({ mode: 'read-only' }, '/repo').fallback).toBe('refuse');
    expect(resolveSandboxSettings({ mode: 'read-only', fallback: 'unsandboxed' }, '/repo').fallback).toBe('unsandboxed');
  });

  it('resolves paths: ~/ is home, relative is the primary root', () => {
    const s = resolveSandboxSettings(
      { denyRead: ['~/.config/gh', 'secrets', '/etc/shadow'], allowWrite: ['~/.cache'] },
      '/repo',
      '/home/u',
    );
    expect(s.denyRead).toEqual(['/home/u/.config/gh', '/repo/secrets', '/etc/shadow']);
    expect(s.allowWrite).toEqual(['/home/u/.cache']);
  });

  it('an allowlist is network "allowlist" with lower-cased hosts', () => {
    const s = resolveSandboxSettings({ network: { allow: ['PyPI.org', '*.example.com'] } }, '/repo');
    expect(s.network).toBe('allowlist');
    expect(s.networkAllow).toEqual(['pypi.org', '*.example.com']);
  });
});
