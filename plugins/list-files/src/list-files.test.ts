import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles } from './list-files.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A temp tree: keys ending in `/` are directories, others files. */
function tree(entries: string[]): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'quiver-lf-')));
  roots.push(root);
  for (const e of entries) {
    if (e.endsWith('/')) mkdirSync(join(root, e), { recursive: true });
    else {
      mkdirSync(dirname(join(root, e)), { recursive: true });
      writeFileSync(join(root, e), e.endsWith('.gitignore') ? '' : 'x');
    }
  }
  return root;
}

const sorted = (xs: string[]) => [...xs].sort();

describe('listFiles refusals (§14.5)', () => {
  it('returns [[], false] for a file, a missing path, the filesystem root and home', async () => {
    const root = tree(['index.ts']);
    expect(await listFiles(join(root, 'index.ts'), { limit: 200 })).toEqual([[], false]);
    expect(await listFiles(join(root, 'missing'), { limit: 200 })).toEqual([[], false]);
    expect(await listFiles('/', { recursive: true, limit: 200 })).toEqual([[], false]);
    expect(await listFiles(homedir(), { limit: 200 })).toEqual([[], false]);
  });

  it('lists a directory containing its index.ts', async () => {
    const root = tree(['index.ts']);
    const [paths, hit] = await listFiles(root, { limit: 200 });
    expect(paths).toContain('index.ts');
    expect(hit).toBe(false);
  });
});

describe('recursive .gitignore vectors (§14.5)', () => {
  it('excludes a root-ignored directory and everything under it', async () => {
    const root = tree(['ignored-dir/a.ts', 'ignored-dir/deep/b.ts', 'kept.ts']);
    writeFileSync(join(root, '.gitignore'), 'ignored-dir/\n');
    const [paths] = await listFiles(root, { recursive: true, limit: 200 });
    expect(paths.some((p) => p.startsWith('ignored-dir'))).toBe(false);
    expect(paths).toContain('kept.ts');
  });

  it('excludes *.log and secret.env at every depth, keeps the rest', async () => {
    const root = tree(['debug.log', 'app.ts', 'src/nested.log', 'src/secret.env', 'src/config.ts']);
    writeFileSync(join(root, '.gitignore'), '*.log\nsecret.env\n');
    const [paths] = await listFiles(root, { recursive: true, limit: 200 });
    expect(sorted(paths)).toEqual(sorted(['.gitignore', 'app.ts', 'src/', 'src/config.ts']));
  });

  it('applies a nested src/.gitignore below src only', async () => {
    const root = tree(['src/generated/x.ts', 'src/main.ts', 'lib/util.ts', 'lib/generated/y.ts']);
    writeFileSync(join(root, 'src/.gitignore'), 'generated/\n');
    const [paths] = await listFiles(root, { recursive: true, limit: 200 });
    expect(paths.some((p) => p.startsWith('src/generated'))).toBe(false);
    expect(paths).toContain('lib/util.ts');
    expect(paths).toContain('lib/generated/y.ts');
  });

  it('never reads .gitignore files inside an ignored directory', async () => {
    const root = tree(['third-party/lib/a.c', 'third-party/keep/b.c', 'main.c']);
    writeFileSync(join(root, '.gitignore'), 'third-party/\n');
    writeFileSync(join(root, 'third-party/.gitignore'), '!keep/\n');
    const [paths] = await listFiles(root, { recursive: true, limit: 200 });
    expect(paths.filter((p) => p.includes('third-party'))).toEqual([]);
  });

  it('anchors nested patterns to their own directory and honours negation', async () => {
    const root = tree(['pkg/out.txt', 'pkg/sub/out.txt', 'pkg/a.gen', 'pkg/keep.gen', 'b.gen']);
    writeFileSync(join(root, '.gitignore'), '*.gen\n');
    writeFileSync(join(root, 'pkg/.gitignore'), '/out.txt\n!keep.gen\n');
    const [paths] = await listFiles(root, { recursive: true });
    expect(paths).not.toContain('pkg/out.txt');
    expect(paths).toContain('pkg/sub/out.txt');
    expect(paths).not.toContain('pkg/a.gen');
    expect(paths).toContain('pkg/keep.gen');
    expect(paths).not.toContain('b.gen');
  });

  it('applies .gitignore files between the root and the listed directory', async () => {
    const root = tree(['src/a.log', 'src/a.ts', 'src/deep/x.tmp', 'src/deep/y.ts']);
    writeFileSync(join(root, '.gitignore'), '*.log\n/src/deep/x.tmp\n');
    const [paths] = await listFiles(join(root, 'src'), { recursive: true, root });
    expect(sorted(paths)).toEqual(['a.ts', 'deep/', 'deep/y.ts']);
  });
});

describe('recursive default skips (§14.5 derived)', () => {
  const entries = [
    '.env',
    '.github/workflows/ci.yml',
    'README.md',
    'app/(auth)/page.tsx',
    'build/keep.txt',
    'build/dependencies/d.txt',
    'dist/bundle.js',
    'node_modules/pkg/index.js',
    'src/',
    'target/dependency/t.jar',
  ];

  it('hides default directories and hidden directories, keeps hidden files, reaches parenthesised names', async () => {
    const root = tree(entries);
    const [paths, hit] = await listFiles(root, { recursive: true, limit: 200 });
    expect(hit).toBe(false);
    expect(sorted(paths)).toEqual(
      sorted(['.env', 'README.md', 'app/', 'app/(auth)/', 'app/(auth)/page.tsx', 'build/', 'build/keep.txt', 'src/', 'target/']),
    );
  });

  it('shows all 9 top-level entries when not recursive', async () => {
    const root = tree(entries);
    const [paths] = await listFiles(root, { limit: 200 });
    expect(sorted(paths)).toEqual(sorted(['.env', '.github/', 'README.md', 'app/', 'build/', 'dist/', 'node_modules/', 'src/', 'target/']));
  });

  it('ignores .gitignore when not recursive', async () => {
    const root = tree(['a.log', 'b.ts']);
    writeFileSync(join(root, '.gitignore'), '*.log\n');
    const [paths] = await listFiles(root, {});
    expect(sorted(paths)).toEqual(['.gitignore', 'a.log', 'b.ts']);
  });

  it('lists hidden directories when the listed directory is itself hidden', async () => {
    const root = tree(['.config/.inner/x', '.config/y']);
    const [paths] = await listFiles(join(root, '.config'), { recursive: true });
    expect(sorted(paths)).toEqual(['.inner/', '.inner/x', 'y']);
  });
});

describe('the ignore service (P7)', () => {
  it('leaves ignored entries out and never enters ignored directories', async () => {
    const root = tree(['secrets/key.pem', 'secrets/deep/more', '.env', 'app.ts', 'src/token.txt', 'src/ok.ts']);
    const asked: string[] = [];
    const isIgnored = (abs: string, isDir: boolean) => {
      asked.push(abs);
      return (isDir && abs.endsWith('/secrets')) || abs.endsWith('/.env') || abs.endsWith('token.txt');
    };
    for (const recursive of [true, false]) {
      const [paths] = await listFiles(root, { recursive, isIgnored });
      expect(paths).not.toContain('secrets/');
      expect(paths).not.toContain('.env');
      expect(paths).not.toContain('src/token.txt');
      expect(paths).toContain('app.ts');
    }
    expect(asked.some((p) => p.includes('/secrets/'))).toBe(false);
  });

  it('tests entries as directories when they are directories', async () => {
    const root = tree(['data/x', 'datafile']);
    const seen = new Map<string, boolean>();
    await listFiles(root, { isIgnored: (abs, isDir) => (seen.set(abs.slice(root.length + 1), isDir), false) });
    expect(seen.get('data')).toBe(true);
    expect(seen.get('datafile')).toBe(false);
  });
});

describe('symlinks', () => {
  it('follows a link to a directory inside the root, not one leading outside', async () => {
    const outside = tree(['outside-secret.txt']);
    const root = tree(['real/inner.txt']);
    symlinkSync(join(root, 'real'), join(root, 'alias'));
    symlinkSync(outside, join(root, 'escape'));
    const [paths] = await listFiles(root, { recursive: true });
    expect(paths).toContain('alias/');
    expect(paths).toContain('escape/');
    expect(paths.some((p) => p.includes('outside-secret'))).toBe(false);
    // The target is entered once: directly or through the link, not both times through links.
    expect(paths.filter((p) => p.endsWith('inner.txt')).length).toBeGreaterThanOrEqual(1);
  });

  it('does not loop on a link to an ancestor', async () => {
    const root = tree(['a/b/file.txt']);
    symlinkSync(join(root, 'a'), join(root, 'a/b/up'));
    symlinkSync(root, join(root, 'a/top'));
    const [paths, hit] = await listFiles(root, { recursive: true, timeoutMs: 5_000 });
    expect(hit).toBe(false);
    expect(paths).toContain('a/b/up/');
    expect(paths.filter((p) => p.startsWith('a/b/up/') && p !== 'a/b/up/')).toEqual([]);
    expect(paths.filter((p) => p.startsWith('a/top/') && p !== 'a/top/')).toEqual([]);
  });

  it('drops a link whose target is ignored, and checks the physical path below a link', async () => {
    const root = tree(['private/key', 'pub/doc']);
    symlinkSync(join(root, 'private'), join(root, 'pub/hidden'));
    const isIgnored = (abs: string) => abs === join(root, 'private') || abs.startsWith(join(root, 'private/'));
    const [paths] = await listFiles(root, { recursive: true, isIgnored });
    expect(paths.some((p) => p.includes('private') || p.includes('hidden') || p.includes('key'))).toBe(false);
    expect(paths).toContain('pub/doc');
  });

  it('shows a dangling link as a file', async () => {
    const root = tree(['x']);
    symlinkSync(join(root, 'nowhere'), join(root, 'dangling'));
    const [paths] = await listFiles(root, { recursive: true });
    expect(sorted(paths)).toEqual(['dangling', 'x']);
  });
});

describe('limit and timeout', () => {
  it('cuts at the limit breadth-first and says so', async () => {
    const files = Array.from({ length: 150 }, (_, i) => `f${i}.txt`).concat(Array.from({ length: 100 }, (_, i) => `sub/g${i}.txt`));
    const root = tree(files);
    const [paths, hit] = await listFiles(root, { recursive: true, limit: 200 });
    expect(hit).toBe(true);
    expect(paths).toHaveLength(200);
    expect(paths.filter((p) => !p.includes('/') || p === 'sub/')).toHaveLength(151);
    const again = await listFiles(root, { recursive: true, limit: 200 });
    expect(again[0]).toEqual(paths);
  });

  it('does not flag a listing of exactly the limit as truncated', async () => {
    const root = tree(Array.from({ length: 200 }, (_, i) => `f${i}`));
    const [paths, hit] = await listFiles(root, { limit: 200 });
    expect(paths).toHaveLength(200);
    expect(hit).toBe(false);
  });

  it('returns partial results flagged as truncated on timeout or abort', async () => {
    const root = tree(['a/b/c/d.txt']);
    const [, hitTimeout] = await listFiles(root, { recursive: true, timeoutMs: -1 });
    expect(hitTimeout).toBe(true);
    const controller = new AbortController();
    controller.abort();
    const [, hitAbort] = await listFiles(root, { recursive: true, signal: controller.signal });
    expect(hitAbort).toBe(true);
  });
});

describe('the deprecated ignoredIn option', () => {
  it('still filters (an old caller is not failed open): the same listing as shownIn', async () => {
    const root = tree(['a/secret.txt', 'a/ok.txt', 'hidden/x.txt', 'top.txt']);
    const ignored = (dir: string) => (name: string) => name === 'secret.txt' || (dir === root && name === 'hidden');
    const shown = (dir: string) => (name: string) => !ignored(dir)(name);
    const old = await listFiles(root, { recursive: true, limit: 200, ignoredIn: ignored } as Parameters<typeof listFiles>[1]);
    expect(sorted(old[0])).toEqual(['a/', 'a/ok.txt', 'top.txt']);
    expect(sorted(old[0])).toEqual(sorted((await listFiles(root, { recursive: true, limit: 200, shownIn: shown }))[0]));
  });
});
