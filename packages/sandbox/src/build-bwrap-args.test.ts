import { describe, expect, it } from 'vitest';
import { buildBwrapArgs, type BwrapLayout } from './build-bwrap-args.js';

const layout: BwrapLayout = {
  mode: 'workspace-write',
  roots: ['/tmp/ws'],
  allowWrite: ['/home/u/.cache'],
  readOnly: ['/tmp/ws/.git', '/tmp/ws/.quiverignore'],
  masks: [
    { path: '/tmp/ws/.env', directory: false },
    { path: '/tmp/ws/secrets', directory: true },
  ],
  network: 'off',
  cwd: '/tmp/ws',
  emptyFile: '/e/file',
  setEnv: { QUIVER_SANDBOX: 'workspace-write' },
};

describe('buildBwrapArgs', () => {
  it('mounts in order: all read-only, private /tmp, writable roots, read-only inside, masks; then the command', () => {
    const args = buildBwrapArgs(layout, ['/bin/bash', '-c', 'true']);
    const at = (...needle: string[]) => args.findIndex((_, i) => needle.every((n, j) => args[i + j] === n));
    expect(args.slice(0, 2)).toEqual(['--die-with-parent', '--unshare-all']);
    expect(args).not.toContain('--share-net');
    expect(at('--cap-drop', 'ALL')).toBeGreaterThan(0);
    expect(at('--ro-bind', '/', '/')).toBeLessThan(at('--tmpfs', '/tmp'));
    expect(at('--tmpfs', '/tmp')).toBeLessThan(at('--bind', '/tmp/ws', '/tmp/ws'));
    expect(at('--bind', '/tmp/ws', '/tmp/ws')).toBeLessThan(at('--ro-bind', '/tmp/ws/.git', '/tmp/ws/.git'));
    expect(at('--ro-bind', '/tmp/ws/.git', '/tmp/ws/.git')).toBeLessThan(at('--ro-bind', '/e/file', '/tmp/ws/.env'));
    // A folder mask is its own tiny mode-000 tmpfs (cheap for bubblewrap), after the roots.
    expect(at('--perms', '0000', '--size', '4096', '--tmpfs', '/tmp/ws/secrets')).toBeGreaterThan(at('--bind', '/tmp/ws', '/tmp/ws'));
    expect(at('--bind', '/home/u/.cache', '/home/u/.cache')).toBeGreaterThan(0);
    expect(args.slice(-6)).toEqual(['--chdir', '/tmp/ws', '--', '/bin/bash', '-c', 'true']);
  });

  it('binds every file mask before the first folder tmpfs (a bind rereads the mount table), a file inside a hidden folder included', () => {
    const masks = [
      { path: '/tmp/ws/a', directory: true },
      { path: '/tmp/ws/a/key.pem', directory: false },
      { path: '/tmp/ws/b.pem', directory: false },
    ];
    const args = buildBwrapArgs({ ...layout, masks }, ['true']);
    const at = (...needle: string[]) => args.findIndex((_, i) => needle.every((n, j) => args[i + j] === n));
    expect(at('--ro-bind', '/e/file', '/tmp/ws/a/key.pem')).toBeLessThan(at('--tmpfs', '/tmp/ws/a'));
    expect(at('--ro-bind', '/e/file', '/tmp/ws/b.pem')).toBeLessThan(at('--tmpfs', '/tmp/ws/a'));
  });

  it("shows readable host paths (a hook's config folder in /tmp) before the roots, so a readable parent never covers a writable root", () => {
    const args = buildBwrapArgs({ ...layout, readable: ['/tmp'] }, ['true']);
    const at = (...needle: string[]) => args.findIndex((_, i) => needle.every((n, j) => args[i + j] === n));
    expect(at('--tmpfs', '/tmp')).toBeLessThan(at('--ro-bind', '/tmp', '/tmp'));
    expect(at('--ro-bind', '/tmp', '/tmp')).toBeLessThan(at('--bind', '/tmp/ws', '/tmp/ws'));
  });

  it('read-only binds the roots read-only and ignores allowWrite; network on shares the network', () => {
    const args = buildBwrapArgs({ ...layout, mode: 'read-only', network: 'on' }, ['true']);
    expect(args).toContain('--share-net');
    expect(args.join(' ')).toContain('--ro-bind /tmp/ws /tmp/ws');
    expect(args.join(' ')).not.toContain('--bind /tmp/ws /tmp/ws');
    expect(args).not.toContain('/home/u/.cache');
  });
});
