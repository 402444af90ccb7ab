import { describe, expect, it } from 'vitest';
import type { WorkspaceRoot, WorkspaceService } from '@quiver/core';
import { resolveCommandTarget } from './workspace-hint.js';

const roots: WorkspaceRoot[] = [
  { name: 'api', path: '/repo/api' },
  { name: 'web', path: '/repo/web' },
];

describe('resolveCommandTarget without a workspace service (baseline rule)', () => {
  it('runs @name:cmd in the named root', () => {
    expect(resolveCommandTarget('@web:npm test', '/repo/api', roots)).toEqual({ command: 'npm test', cwd: '/repo/web' });
  });

  it('keeps a multi-line command whole', () => {
    expect(resolveCommandTarget('@web:echo a\necho b', '/repo/api', roots).command).toBe('echo a\necho b');
  });

  it('leaves a command without a hint alone', () => {
    expect(resolveCommandTarget('npm test', '/repo/api', roots)).toEqual({ command: 'npm test', cwd: '/repo/api' });
  });

  it('ignores hints in a single-root workspace', () => {
    expect(resolveCommandTarget('@api:ls', '/repo/api', roots.slice(0, 1))).toEqual({ command: '@api:ls', cwd: '/repo/api' });
  });

  it('rejects an unknown root', () => {
    expect(() => resolveCommandTarget('@db:ls', '/repo/api', roots)).toThrow(expect.objectContaining({ code: 'QUIVER_ERR_WORKSPACE_HINT' }));
  });
});

describe('resolveCommandTarget with a workspace service', () => {
  const calls: string[] = [];
  const workspace = {
    splitHint(text: string) {
      calls.push(text);
      const m = /^@([^:/]+):(.*)$/s.exec(text);
      return m ? { root: roots.find((r) => r.name === m[1]), rest: m[2] } : { rest: text };
    },
  } as unknown as WorkspaceService;

  it('splits the hint the way the gates do', () => {
    expect(resolveCommandTarget('@web:ls', '/repo/api', roots.slice(0, 1), workspace)).toEqual({ command: 'ls', cwd: '/repo/web' });
  });

  it('does not ask the service about a command without a hint', () => {
    calls.length = 0;
    expect(resolveCommandTarget('ls @web:x', '/repo/api', roots, workspace)).toEqual({ command: 'ls @web:x', cwd: '/repo/api' });
    expect(calls).toEqual([]);
  });
});
