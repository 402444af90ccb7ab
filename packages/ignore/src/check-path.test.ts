import { mkdir, mkdtemp, realpath, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PathAccess } from '@quiver/core';
import { createWorkspace, type Workspace } from '@quiver/workspace';
import { createIgnoreService, type QuiverIgnoreService } from './create-ignore-service.js';

const DEFAULT_FILE = ['.env', '*.secret', 'private/', '# This is a comment', '', 'temp.*', 'file-with-space-at-end.* ', '**/.git/**'].join(
  '\n',
);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

interface Setup {
  base: string;
  root: string;
  ws: Workspace;
  ig: QuiverIgnoreService;
  check(path: string, access?: PathAccess): Promise<{ allowed: boolean; rule?: string; subject?: string; reason?: string }>;
}

/** A temp workspace: `files` maps root-relative paths to content (a trailing `/` makes a folder). */
async function setup(files: Record<string, string>, options: { watch?: boolean; fileName?: string } = {}): Promise<Setup> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-ignore-')));
  const root = join(base, 'root');
  await mkdir(root);
  for (const [path, content] of Object.entries(files)) {
    const abs = join(root, path);
    if (path.endsWith('/')) await mkdir(abs, { recursive: true });
    else {
      await mkdir(dirname(abs), { recursive: true });
      await writeFile(abs, content);
    }
  }
  const ws = await createWorkspace([root]);
  const ig = await createIgnoreService(ws, options);
  cleanups.push(async () => {
    ig.dispose();
    await rm(base, { recursive: true, force: true });
  });
  const check = async (path: string, access: PathAccess = 'read') => ig.checkPath(await ws.resolve(path), access);
  return { base, root, ws, ig, check };
}

async function expectAllowed(s: Setup, paths: string[], access: PathAccess = 'read') {
  for (const p of paths) expect((await s.check(p, access)).allowed, `${p} should be allowed`).toBe(true);
}
async function expectDenied(s: Setup, paths: string[], rule = 'P5', access: PathAccess = 'read') {
  for (const p of paths) expect(await s.check(p, access), `${p} should be denied`).toMatchObject({ allowed: false, rule });
}

describe('SPEC 14.2 vectors through checkPath', () => {
  it('allows and blocks the default-file vectors', async () => {
    const s = await setup({ '.quiverignore': DEFAULT_FILE, 'private/data.txt': 'p', 'src/index.ts': '' });
    await expectAllowed(s, [
      'src/index.ts',
      'README.md',
      'package.json',
      'public/data.txt',
      'config.json',
      'src/temp/file.ts',
      'nested/deep/file.txt',
      'not-private/data.txt',
      './src/file.ts',
      `${s.root}/src/file.ts`,
      '.',
    ]);
    await expectDenied(s, [
      '.quiverignore',
      '.clineignore',
      'config.secret',
      'private/data.txt',
      'temp.json',
      'nested/deep/file.secret',
      'private/nested/deep/file.txt',
      './config.secret',
      './private/data.txt',
      `${s.root}/config.secret`,
      `${s.root}/private/data.txt`,
    ]);
    await expectDenied(s, ['src/.git/HEAD', 'a/b/.env', 'file-with-space-at-end.txt', '.git/config']);
    await expectAllowed(s, ['../outside.secret', '/etc/x.secret']);
  });

  it('refuses malformed vectors before the ignore check (P2 wins over the baseline)', async () => {
    const s = await setup({ '.quiverignore': DEFAULT_FILE });
    await expect(s.ws.resolve('src\\file.ts')).rejects.toMatchObject({ rule: 'P2' });
    await expect(s.ws.resolve('\u0000invalid')).rejects.toMatchObject({ rule: 'P2' });
  });

  it('tests a directory as a directory: `private` is ignored when it is a folder', async () => {
    const s = await setup({ '.quiverignore': DEFAULT_FILE, 'private/': '' });
    await expectDenied(s, ['private', 'private/'], 'P5');
    const f = await setup({ '.quiverignore': DEFAULT_FILE, private: 'a file' });
    await expectAllowed(f, ['private']);
  });

  it('filters a list of paths like filterPaths', async () => {
    const s = await setup({ '.quiverignore': DEFAULT_FILE });
    const input = ['src/index.ts', '.env', 'lib/utils.ts', '.git/config', 'dist/bundle.js'];
    const kept = input.filter((p) => !s.ig.isIgnored(join(s.root, p), false));
    expect(kept).toEqual(['src/index.ts', 'lib/utils.ts', 'dist/bundle.js']);
  });

  it('handles the pattern-list vectors', async () => {
    const s = await setup({ '.quiverignore': '*.secret\nprivate/\n*.tmp\ndata-*.json\ntemp/*\n# comment\n*.secret' });
    await expectDenied(s, ['data-123.json', 'script.tmp', 'test.secret', 'temp/x']);
    await expectAllowed(s, ['data.json']);
  });

  it('allows everything but the ignore file when the file is missing or empty', async () => {
    const none = await setup({});
    await expectAllowed(none, ['file.txt']);
    await expectDenied(none, ['.quiverignore']);
    const empty = await setup({ '.quiverignore': '' });
    await expectAllowed(empty, ['regular-file.txt']);
    await expectDenied(empty, ['.quiverignore', '.clineignore']);
  });

  it('expands !include lines', async () => {
    const s = await setup({ '.gitignore': '*.log\ndebug/\n', '.quiverignore': '!include .gitignore\nsecret.txt\n', 'debug/': '' });
    await expectDenied(s, ['server.log', 'debug/app.js', 'secret.txt', 'debug']);
    await expectAllowed(s, ['app.js']);
    const missing = await setup({ '.quiverignore': '!include missing-file.txt\n' });
    await expectAllowed(missing, ['regular-file.txt']);
    const more = await setup({ '.quiverignore': '!include missing-file.txt\n*.tmp\n' });
    await expectDenied(more, ['file.tmp']);
    await expectAllowed(more, ['file.log']);
  });
});

describe('P5 gitignore semantics', () => {
  it('lets the last match win', async () => {
    const s = await setup({ '.quiverignore': '*.txt\n!keep.txt\n' });
    await expectDenied(s, ['a.txt', 'd/b.txt']);
    await expectAllowed(s, ['keep.txt', 'd/keep.txt']);
    const t = await setup({ '.quiverignore': '!keep.txt\n*.txt\n' });
    await expectDenied(t, ['keep.txt']);
  });

  it('cannot re-include a path whose parent directory is excluded', async () => {
    const s = await setup({ '.quiverignore': 'build/\n!build/keep.txt\n', 'build/keep.txt': '' });
    await expectDenied(s, ['build/keep.txt', 'build/other']);
    const ok = await setup({ '.quiverignore': 'build/*\n!build/keep.txt\n', 'build/keep.txt': '' });
    await expectAllowed(ok, ['build/keep.txt', 'build']);
    await expectDenied(ok, ['build/other']);
  });

  it('anchors patterns with a leading or middle slash', async () => {
    const s = await setup({ '.quiverignore': '/top.txt\ndoc/*.md\n' });
    await expectDenied(s, ['top.txt', 'doc/a.md']);
    await expectAllowed(s, ['sub/top.txt', 'x/doc/a.md', 'doc/sub/a.md']);
  });

  it('supports **', async () => {
    const s = await setup({ '.quiverignore': 'a/**/b\n**/logs\nout/**\n' });
    await expectDenied(s, ['a/b', 'a/x/b', 'a/x/y/b', 'logs', 'deep/er/logs/x', 'out/x', 'out/x/y']);
    await expectAllowed(s, ['xa/b', 'a/bb', 'out']);
  });

  it('matches directory-only patterns against directories only', async () => {
    const s = await setup({ '.quiverignore': 'secrets/\n', 'secrets/': '', 'x/secrets/': '', 'y/secrets': 'file' });
    await expectDenied(s, ['secrets', 'secrets/a', 'x/secrets', 'x/secrets/key']);
    await expectAllowed(s, ['y/secrets', 'secretsfile']);
  });

  it('matches case-insensitively after NFC normalisation', async () => {
    const s = await setup({ '.quiverignore': 'Secret.TXT\nPrivate/\ncafe\u0301.txt\n', 'PRIVATE/': '' });
    await expectDenied(s, ['secret.txt', 'SECRET.txt', 'sub/SeCrEt.TxT', 'PRIVATE/x', 'private/x', 'caf\u00e9.txt', 'CAFE\u0301.TXT']);
    const t = await setup({ '.quiverignore': 'caf\u00e9.txt\n' });
    await expectDenied(t, ['cafe\u0301.txt']);
    await expectDenied(t, ['.QUIVERIGNORE']);
  });

  it('denies when either the resolved or the lexical path is ignored', async () => {
    const s = await setup({ '.quiverignore': '.env\nprivate/\n', 'ok.txt': '', 'private/data.txt': '', 'real.txt': '' });
    await symlink('ok.txt', join(s.root, '.env'));
    await symlink('private', join(s.root, 'link-to-private'));
    await symlink('private/data.txt', join(s.root, 'innocent'));
    await expectDenied(s, ['.env', 'link-to-private/data.txt', 'link-to-private', 'innocent']);
    await expectAllowed(s, ['ok.txt', 'real.txt']);
  });

  it('gives no verdict outside the root, whatever the lexical path says', async () => {
    const s = await setup({ '.quiverignore': '*.secret\nout/\n' });
    await mkdir(join(s.base, 'elsewhere'));
    await symlink(join(s.base, 'elsewhere'), join(s.root, 'out'));
    await expectAllowed(s, ['out/x.secret', '../x.secret', 'out']);
  });

  it('applies .clineignore as well, without letting one file re-include the other', async () => {
    const s = await setup({ '.quiverignore': '*.log\n!keep.log\n!cline.txt\n', '.clineignore': 'cline.txt\n' });
    await expectDenied(s, ['a.log', 'cline.txt', '.clineignore', '.quiverignore']);
    await expectAllowed(s, ['keep.log']);
  });

  it('uses a configured file name', async () => {
    const s = await setup({ '.aiignore': 'x.txt\n', '.quiverignore': 'y.txt\n' }, { fileName: '.aiignore' });
    expect(s.ig.fileName).toBe('.aiignore');
    await expectDenied(s, ['x.txt', '.aiignore']);
    await expectAllowed(s, ['y.txt']);
  });

  it('treats every path as ignored when the ignore file cannot be read', async () => {
    const s = await setup({ '.quiverignore/': '' });
    await expectDenied(s, ['anything.txt', 'src/a.ts']);
    expect(s.ig.problems().join('\n')).toContain('could not be read');
  });
});

describe('!include safety', () => {
  it('refuses includes that lead outside the root', async () => {
    const s = await setup({ '.quiverignore': '!include ../outside.txt\n!include link.txt\n*.tmp\n' });
    await writeFile(join(s.base, 'outside.txt'), 'a.txt\n');
    await symlink(join(s.base, 'outside.txt'), join(s.root, 'link.txt'));
    await s.ig.reload();
    await expectAllowed(s, ['a.txt']);
    await expectDenied(s, ['b.tmp']);
    expect(s.ig.problems().join('\n')).toMatch(/outside the workspace root/);
  });

  it('takes a leading slash as root-relative and does not nest includes', async () => {
    const s = await setup({
      '.quiverignore': '!include /conf/pats\n',
      'conf/pats': 'a.txt\n!include more\n',
      'conf/more': 'b.txt\n',
      more: 'c.txt\n',
    });
    await expectDenied(s, ['a.txt']);
    await expectAllowed(s, ['b.txt', 'c.txt']);
  });
});

describe('P6 protected writes', () => {
  it('denies writing the ignore files and anything under .git', async () => {
    const s = await setup({ '.quiverignore': 'x\n', '.git/config': '', 'sub/.git/HEAD': '' });
    await expectDenied(
      s,
      ['.quiverignore', '.clineignore', '.git/config', '.git/new-file', '.git', 'sub/.git/HEAD', '.GIT/config'],
      'P6',
      'write',
    );
    await expectAllowed(s, ['src/a.ts', '.gitignore', '.github/workflows/ci.yml', 'a.git'], 'write');
  });

  it('allows reading .git', async () => {
    const s = await setup({ '.git/config': '' });
    await expectAllowed(s, ['.git/config', '.git'], 'read');
    await expectAllowed(s, ['.git'], 'list');
  });

  it('sees .git through symlinks and lexical paths', async () => {
    const s = await setup({ '.git/config': '', 'a.txt': '' });
    await symlink('.git', join(s.root, 'gitlink'));
    await symlink('a.txt', join(s.root, '.git', 'pointer'));
    await expectDenied(s, ['gitlink/config', '.git/pointer'], 'P6', 'write');
  });
});

describe('P7 listing', () => {
  it('denies listing an ignored directory, naming P7', async () => {
    const s = await setup({ '.quiverignore': 'private/\n', 'private/a': '', 'src/a.ts': '' });
    await expectDenied(s, ['private', 'private/'], 'P7', 'list');
    await expectAllowed(s, ['src', '.'], 'list');
  });
});

describe('reload', () => {
  it('applies edits, deletion and re-creation on the next check', async () => {
    const s = await setup({ '.quiverignore': 'a.txt\n' });
    await expectDenied(s, ['a.txt']);
    await writeFile(join(s.root, '.quiverignore'), 'b.txt\n');
    await expectAllowed(s, ['a.txt']);
    await expectDenied(s, ['b.txt']);
    await unlink(join(s.root, '.quiverignore'));
    await expectAllowed(s, ['b.txt']);
    await writeFile(join(s.root, '.quiverignore'), 'c.txt\n');
    await expectDenied(s, ['c.txt']);
    expect(s.ig.isIgnored(join(s.root, 'c.txt'), false)).toBe(true);
  });

  it('reloads when an included file changes or appears', async () => {
    const s = await setup({ '.quiverignore': '!include extra\n' });
    await expectAllowed(s, ['x.txt']);
    await writeFile(join(s.root, 'extra'), 'x.txt\n');
    await expectDenied(s, ['x.txt']);
    await writeFile(join(s.root, 'extra'), 'y.txt\n');
    await expectAllowed(s, ['x.txt']);
  });

  it('picks up changes in isIgnored with a watcher too', async () => {
    const s = await setup({ '.quiverignore': 'a.txt\n' }, { watch: true });
    expect(s.ig.isIgnored(join(s.root, 'a.txt'), false)).toBe(true);
    await writeFile(join(s.root, '.quiverignore'), 'b.txt\n');
    await s.ig.reload();
    expect(s.ig.isIgnored(join(s.root, 'a.txt'), false)).toBe(false);
    expect(s.ig.isIgnored(join(s.root, 'b.txt'), false)).toBe(true);
  });
});

describe('multi-root', () => {
  it("uses each root's own ignore file", async () => {
    const s = await setup({ '.quiverignore': 'one.txt\n' });
    const second = join(s.base, 'second');
    await mkdir(second);
    await writeFile(join(second, '.quiverignore'), 'two.txt\n');
    const ws = await createWorkspace([s.root, { name: 'second', path: second }]);
    const ig = await createIgnoreService(ws);
    const check = async (p: string) => ig.checkPath(await ws.resolve(p), 'read');
    expect((await check('one.txt')).allowed).toBe(false);
    expect((await check('two.txt')).allowed).toBe(true);
    expect((await check('@second:two.txt')).allowed).toBe(false);
    expect((await check('@second:one.txt')).allowed).toBe(true);
    expect((await check(`${second}/two.txt`)).allowed).toBe(false);
    expect(ig.isIgnored(join(second, 'two.txt'), false)).toBe(true);
    expect(ig.isIgnored('/etc/two.txt', false)).toBe(false);
  });
});

describe('directory-ness of paths that do not exist yet', () => {
  it('tests a trailing-slash or listed missing path as a directory', async () => {
    const s = await setup({ '.quiverignore': 'build/\n' });
    await expectAllowed(s, ['build']);
    await expectDenied(s, ['build/', 'build/x.txt']);
    await expectDenied(s, ['build'], 'P7', 'list');
  });
});

describe('P6 for included files', () => {
  it('protects files named by !include, since their lines are rules', async () => {
    const s = await setup({ '.quiverignore': '!include .gitignore\n!include missing.txt\n', '.gitignore': '*.log\n', 'a.txt': '' });
    await symlink('.gitignore', join(s.root, 'gi-link'));
    await expectDenied(s, ['.gitignore', 'missing.txt', 'gi-link'], 'P6', 'write');
    await expectAllowed(s, ['.gitignore', 'missing.txt'], 'read');
    await expectAllowed(s, ['a.txt'], 'write');
  });
});
