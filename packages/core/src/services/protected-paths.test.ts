import { describe, expect, it } from 'vitest';
import { createProtectedPaths } from './protected-paths.js';
import type { ResolvedPath } from './workspace.js';

const root = { name: 'ws', path: '/ws' };
const at = (resolved: string, lexical = resolved): ResolvedPath => ({
  input: resolved,
  root,
  lexical,
  resolved,
  inside: resolved.startsWith('/ws/'),
  relative: resolved.replace('/ws/', ''),
  exists: false,
  isDirectory: false,
});

describe('createProtectedPaths (E1)', () => {
  const guard = createProtectedPaths({
    roots: ['/ws'],
    files: [
      { path: '/home/u/.config/quiver/trusted-folders.json', why: "Quiver's trust store" },
      { path: '/ws/hooks/a.sh', why: 'a hook script' },
    ],
  });

  it.each([
    '/ws/quiver.config.json',
    '/ws/quiver.config.mjs',
    '/ws/QUIVER.CONFIG.TS',
    '/ws/.clinerules/hooks/PreToolUse',
    '/ws/.clinerules/hooks/anything',
    '/ws/.clinerules/hooks',
    '/ws/hooks/a.sh',
    '/home/u/.config/quiver/trusted-folders.json',
  ])('refuses %s', (path) => {
    const d = guard.check(at(path));
    expect(d).toMatchObject({ allowed: false, rule: 'E1' });
    expect(d.reason).toContain('rule E1');
  });

  it.each([
    '/ws/src/quiver.config.json',
    '/ws/quiver.config',
    '/ws/.clinerules/style.md',
    '/ws/hooks/b.sh',
    '/elsewhere/quiver.config.json',
  ])('allows %s', (path) => {
    expect(guard.check(at(path)).allowed).toBe(true);
  });

  it('checks the lexical path too (a symlink named like a config)', () => {
    expect(guard.check(at('/ws/real.json', '/ws/quiver.config.json')).allowed).toBe(false);
  });
});
