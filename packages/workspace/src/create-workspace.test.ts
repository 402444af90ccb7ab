import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from './create-workspace.js';

let base: string;
let root: string;
let outside: string;
let ws: Workspace;

async function rejects(p: Promise<unknown>): Promise<{ code: string; rule?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code: string; rule?: string; message: string };
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-ws-')));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(join(root, 'src', 'deep'), { recursive: true });
  await mkdir(outside);
  await mkdir(join(base, 'root2'));
  await writeFile(join(root, 'a.txt'), 'a');
  await writeFile(join(root, 'src', 'index.ts'), 'x');
  await writeFile(join(outside, 'secret.txt'), 's');
  await writeFile(join(base, 'root2', 'x'), 'x');
  await symlink('../outside', join(root, 'link-out-dir'));
  await symlink(join(outside, 'secret.txt'), join(root, 'link-out-file'));
  await symlink('src', join(root, 'link-in'));
  await symlink('../outside/new.txt', join(root, 'dangling-out'));
  await symlink('loop2', join(root, 'loop1'));
  await symlink('loop1', join(root, 'loop2'));
  await symlink('self', join(root, 'self'));
  await symlink('a.txt/', join(root, 'file-slash'));
  // A chain of exactly 40 hops works, 41 is ELOOP (Linux MAXSYMLINKS).
  for (let i = 0; i < 41; i++) await symlink(i === 0 ? 'a.txt' : `c${i - 1}`, join(root, `c${i}`));
  ws = await createWorkspace([root]);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('resolve: P3 physical resolution and P4 confinement', () => {
  it('resolves a plain relative path inside the root', async () => {
    const p = await ws.resolve('src/index.ts');
    expect(p).toMatchObject({
      input: 'src/index.ts',
      resolved: join(root, 'src/index.ts'),
      inside: true,
      relative: 'src/index.ts',
      exists: true,
      isDirectory: false,
      lexicalRelative: 'src/index.ts',
    });
    expect(p.containingRoot?.path).toBe(root);
  });

  it('gives "." for the root itself', async () => {
    for (const input of ['.', './', 'src/..', root]) {
      const p = await ws.resolve(input);
      expect(p).toMatchObject({ resolved: root, relative: '.', inside: true, isDirectory: true });
    }
  });

  it('follows a directory symlink that leads outside', async () => {
    const p = await ws.resolve('link-out-dir/secret.txt');
    expect(p).toMatchObject({ resolved: join(outside, 'secret.txt'), inside: false, exists: true, relative: join(outside, 'secret.txt') });
    expect(p.lexicalRelative).toBe('link-out-dir/secret.txt');
  });

  it('follows a symlink in the last position', async () => {
    const p = await ws.resolve('link-out-file');
    expect(p).toMatchObject({ resolved: join(outside, 'secret.txt'), inside: false });
  });

  it('applies .. to the link target: link-out-dir/.. is the parent of the target', async () => {
    const p = await ws.resolve('link-out-dir/..');
    expect(p.resolved).toBe(base);
    expect(p.inside).toBe(false);
    expect(p.lexical).toBe(root);
    const q = await ws.resolve('link-out-dir/../root/a.txt');
    expect(q).toMatchObject({ resolved: join(root, 'a.txt'), inside: true });
  });

  it('applies .. after an inside link to the target', async () => {
    const p = await ws.resolve('link-in/../a.txt');
    expect(p).toMatchObject({ resolved: join(root, 'a.txt'), inside: true });
  });

  it('plays .. games physically', async () => {
    expect((await ws.resolve('../root/a.txt')).inside).toBe(true);
    expect((await ws.resolve('src/../../root/src')).relative).toBe('src');
    expect((await ws.resolve('..')).inside).toBe(false);
    expect((await ws.resolve('../../../../../../..')).resolved).toBe('/');
    expect((await ws.resolve('src/deep/../../..')).inside).toBe(false);
  });

  it('compares components: a sibling with a longer name is outside', async () => {
    const p = await ws.resolve('../root2/x');
    expect(p).toMatchObject({ resolved: join(base, 'root2/x'), inside: false });
    expect(p.lexicalRelative).toBeUndefined();
    expect((await ws.resolve(`${root}2`)).inside).toBe(false);
  });

  it('appends a missing tail lexically to the deepest existing ancestor', async () => {
    const p = await ws.resolve('src/new/dir/file.txt');
    expect(p).toMatchObject({ resolved: join(root, 'src/new/dir/file.txt'), inside: true, exists: false, isDirectory: false });
    expect((await ws.resolve('new/../../outside/x')).resolved).toBe(join(outside, 'x'));
    expect((await ws.resolve('new/a/../b/')).resolved).toBe(join(root, 'new/b'));
  });

  it('keeps following links once a missing tail is popped again', async () => {
    const p = await ws.resolve('missing/../link-out-file');
    expect(p).toMatchObject({ resolved: join(outside, 'secret.txt'), inside: false, exists: true });
  });

  it('follows a dangling link to where a write would create the file', async () => {
    const p = await ws.resolve('dangling-out');
    expect(p).toMatchObject({ resolved: join(outside, 'new.txt'), inside: false, exists: false });
  });

  it('denies symlink loops (ELOOP) with P3', async () => {
    for (const input of ['loop1', 'self', 'loop2/x', 'self/..']) {
      const e = await rejects(ws.resolve(input));
      expect(e).toMatchObject({ code: 'QUIVER_ERR_PATH_RESOLVE', rule: 'P3' });
      expect(e.message).toContain('ELOOP');
    }
  });

  it('caps symlink hops at 40 like the kernel', async () => {
    expect((await ws.resolve('c39')).resolved).toBe(join(root, 'a.txt'));
    const e = await rejects(ws.resolve('c40'));
    expect(e).toMatchObject({ code: 'QUIVER_ERR_PATH_RESOLVE', rule: 'P3' });
    expect(e.message).toContain('ELOOP');
  });

  it('denies a file used as a directory (ENOTDIR) with P3', async () => {
    for (const input of ['a.txt/x', 'a.txt/', 'a.txt/..', 'a.txt/.', 'file-slash', 'c0/x']) {
      const e = await rejects(ws.resolve(input));
      expect(e).toMatchObject({ code: 'QUIVER_ERR_PATH_RESOLVE', rule: 'P3' });
      expect(e.message).toContain('ENOTDIR');
    }
  });

  it('denies names that are too long (ENAMETOOLONG) with P3', async () => {
    for (const input of ['x'.repeat(256), `missing/${'y'.repeat(300)}`, 'a/'.repeat(2100)]) {
      const e = await rejects(ws.resolve(input));
      expect(e).toMatchObject({ code: 'QUIVER_ERR_PATH_RESOLVE', rule: 'P3' });
      expect(e.message).toContain('ENAMETOOLONG');
    }
    expect((await ws.resolve('x'.repeat(255))).exists).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)('denies unsearchable directories (EACCES) with P3', async () => {
    const { chmod } = await import('node:fs/promises');
    await mkdir(join(root, 'locked'), { recursive: true });
    await chmod(join(root, 'locked'), 0o000);
    try {
      const e = await rejects(ws.resolve('locked/x'));
      expect(e).toMatchObject({ code: 'QUIVER_ERR_PATH_RESOLVE', rule: 'P3' });
    } finally {
      await chmod(join(root, 'locked'), 0o755);
    }
  });
});

describe('resolve: P1 input and P2 malformed paths', () => {
  it('expands ~ and ~/ to $HOME and nothing else', async () => {
    const saved = process.env.HOME;
    process.env.HOME = outside;
    try {
      expect((await ws.resolve('~')).resolved).toBe(outside);
      expect(await ws.resolve('~/secret.txt')).toMatchObject({ resolved: join(outside, 'secret.txt'), inside: false });
      expect((await ws.resolve('~user/x')).resolved).toBe(join(root, '~user/x'));
      expect((await ws.resolve('a/~/x')).resolved).toBe(join(root, 'a/~/x'));
      expect((await ws.resolve('$HOME/x')).resolved).toBe(join(root, '$HOME/x'));
      expect((await ws.resolve('%2e%2e/x')).resolved).toBe(join(root, '%2e%2e/x'));
      expect((await ws.resolve('ﬁle')).resolved).toBe(join(root, 'ﬁle'));
    } finally {
      process.env.HOME = saved;
    }
  });

  it('throws PATH_MALFORMED with rule P2 and the reason for each P2 bullet', async () => {
    const cases: [string, string][] = [
      ['', 'empty'],
      ['a\u0001b', 'control character'],
      ['a\u007f', 'control character'],
      [' a.txt', 'leading whitespace'],
      ['a.txt ', 'trailing whitespace'],
      ['src\\index.ts', 'backslash'],
      ['C:\\x', 'backslash'],
      ['C:.env', 'colon'],
      ['a.txt:stream', 'colon'],
      ['file:///etc/passwd', 'colon'],
      ['src./index.ts', 'ending in "."'],
      ['src /index.ts', 'ending in a space'],
    ];
    for (const [input, reason] of cases) {
      const e = await rejects(ws.resolve(input));
      expect(e).toMatchObject({ code: 'QUIVER_ERR_PATH_MALFORMED', rule: 'P2' });
      expect(e.message).toContain(reason);
    }
  });
});

describe('roots, hints and multi-root', () => {
  it('realpaths roots, names them by basename and makes names unique', async () => {
    await mkdir(join(base, 'a', 'app'), { recursive: true });
    await mkdir(join(base, 'b', 'app'), { recursive: true });
    await symlink(join(base, 'a', 'app'), join(base, 'app-link'));
    const multi = await createWorkspace([
      join(base, 'app-link'),
      join(base, 'b', 'app'),
      { name: 'docs', path: outside },
      join(base, 'a', 'app'),
    ]);
    expect(multi.roots.map((r) => r.name)).toEqual(['app', 'app-2', 'docs']);
    expect(multi.roots[0].path).toBe(join(base, 'a', 'app'));
    expect(multi.primary).toBe(multi.roots[0]);
  });

  it('rejects a missing root or an empty list', async () => {
    await expect(createWorkspace([])).rejects.toMatchObject({ code: 'QUIVER_ERR_CONFIG_INVALID' });
    await expect(createWorkspace([join(base, 'nope')])).rejects.toMatchObject({ code: 'QUIVER_ERR_CONFIG_INVALID' });
    await expect(createWorkspace([join(root, 'a.txt')])).rejects.toMatchObject({ code: 'QUIVER_ERR_CONFIG_INVALID' });
  });

  it('splits @name: hints and rejects unknown names', async () => {
    const multi = await createWorkspace([root, { name: 'out', path: outside }]);
    expect(multi.splitHint('@out:secret.txt')).toEqual({ root: multi.roots[1], rest: 'secret.txt' });
    expect(multi.splitHint('plain/path')).toEqual({ rest: 'plain/path' });
    expect(() => multi.splitHint('@nope:x')).toThrowError(expect.objectContaining({ code: 'QUIVER_ERR_WORKSPACE_HINT' }));
  });

  it('resolves against the hinted root, and treats an unknown hint as a malformed path', async () => {
    const multi = await createWorkspace([root, { name: 'out', path: outside }]);
    const p = await multi.resolve('@out:secret.txt');
    expect(p).toMatchObject({ input: 'secret.txt', resolved: join(outside, 'secret.txt'), inside: true, relative: 'secret.txt' });
    expect(p.root.name).toBe('out');
    expect(p.containingRoot?.name).toBe('out');
    await expect(multi.resolve('@nope:x')).rejects.toMatchObject({ code: 'QUIVER_ERR_PATH_MALFORMED', rule: 'P2' });
  });

  it('finds the containing root of a path given against another root', async () => {
    const multi = await createWorkspace([root, outside]);
    const p = await multi.resolve('link-out-dir/secret.txt');
    expect(p).toMatchObject({ inside: true, relative: 'secret.txt', lexicalRelative: 'link-out-dir/secret.txt' });
    expect(p.root.path).toBe(root);
    expect(p.containingRoot?.path).toBe(outside);
    expect(multi.rootOf(join(outside, 'x'))?.path).toBe(outside);
    expect(multi.rootOf(base)).toBeUndefined();
  });

  it('picks the deepest root for nested roots', async () => {
    const nested = await createWorkspace([root, join(root, 'src')]);
    expect(nested.rootOf(join(root, 'src', 'index.ts'))?.path).toBe(join(root, 'src'));
    expect(nested.rootOf(join(root, 'a.txt'))?.path).toBe(root);
  });

  it('resolves relative to a cwd when given', async () => {
    const p = await ws.resolve('index.ts', { cwd: join(root, 'link-in') });
    expect(p).toMatchObject({ resolved: join(root, 'src/index.ts'), lexical: join(root, 'link-in/index.ts'), inside: true });
    const q = await ws.resolve('../a.txt', { cwd: 'src' });
    expect(q.resolved).toBe(join(root, 'a.txt'));
  });
});

describe('lexical paths', () => {
  it('are posix.resolve of the root and the input, also for dot names, empty components and trailing slashes', async () => {
    const { posix } = await import('node:path');
    const inputs = [
      'a.txt',
      'src/index.ts',
      '.hidden',
      'src/.x/y',
      '.a.b',
      'a..b',
      'src/./index.ts',
      'src/../a.txt',
      'src//index.ts',
      'src/',
      '..a',
      'a/..',
      'a/.',
      'x.y/z',
      'src/deep/new.ts',
    ];
    for (const input of inputs) {
      const p = await ws.resolve(input);
      expect(p.lexical, input).toBe(posix.resolve(root, input));
      // No symlink on these paths: the physical answer is the lexical one, checked against the
      // file system itself (resolve is resolveSync's promise, so comparing the two proves nothing).
      expect(p.resolved, input).toBe(p.lexical);
      expect(p.exists, input).toBe(existsSync(p.resolved));
    }
  });
});
