import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { SandboxMode } from '@quiver/core';
import { DEFAULT_DENY_READ, type SandboxSettings } from './sandbox-config-section.js';

/** The `sandbox` section with every default applied. */
export interface ResolvedSandboxSettings {
  mode: SandboxMode;
  fallback: 'refuse' | 'unsandboxed';
  network: 'off' | 'on' | 'allowlist';
  networkAllow: string[];
  denyRead: string[];
  allowWrite: string[];
  excludedCommands: string[];
  hooks: boolean;
}

export { DEFAULT_DENY_READ };

/**
 * Apply the defaults: `workspace-write`; `fallback` is `refuse` when the mode was chosen and
 * `unsandboxed` when it was left to its default (the default asks for a sandbox "where
 * available"); network off; `~/.ssh` and `~/.aws` hidden. Paths: `~/` is the home folder,
 * relative paths are the primary root's.
 */
export function resolveSandboxSettings(
  settings: SandboxSettings | undefined,
  primaryRoot: string,
  home = homedir(),
): ResolvedSandboxSettings {
  const s = settings ?? {};
  const mode = s.mode ?? 'workspace-write';
  const net = s.network ?? 'off';
  const path = (p: string): string =>
    p === '~' ? home : p.startsWith('~/') ? resolve(home, p.slice(2)) : isAbsolute(p) ? resolve(p) : resolve(primaryRoot, p);
  return {
    mode,
    fallback: s.fallback ?? (s.mode === undefined ? 'unsandboxed' : 'refuse'),
    network: typeof net === 'string' ? net : 'allowlist',
    networkAllow: typeof net === 'string' ? [] : net.allow.map((h) => h.toLowerCase()),
    denyRead: (s.denyRead ?? DEFAULT_DENY_READ).map(path),
    allowWrite: (s.allowWrite ?? []).map(path),
    excludedCommands: s.excludedCommands ?? [],
    hooks: s.hooks ?? true,
  };
}
