import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileGitignore, directoryMatcher, type GitignoreLevel } from './gitignore-rules.js';
import { listFiles } from './list-files.js';

/** Judge one path (relative to the root) with one root `.gitignore`. */
function ignored(gitignore: string, path: string, isDir = false): boolean {
  const levels: GitignoreLevel[] = [{ base: '', file: compileGitignore(gitignore) }];
  const cut = path.lastIndexOf('/');
  const dir = cut < 0 ? '' : path.slice(0, cut + 1);
  return directoryMatcher(levels, dir).isIgnored(path.slice(cut + 1), isDir);
}

describe('compileGitignore', () => {
  it('skips blanks and comments, honours escapes and trailing spaces', () => {
    const g = '# comment\n\n\\#hash\n\\!bang\ntrail   \nkeep\\ \n';
    expect(ignored(g, '# comment')).toBe(false);
    expect(ignored(g, '#hash')).toBe(true);
    expect(ignored(g, '!bang')).toBe(true);
    expect(ignored(g, 'trail')).toBe(true);
    expect(ignored(g, 'keep ')).toBe(true);
    expect(compileGitignore('\n# only comments\n   \n').rules).toHaveLength(0);
  });

  it('matches unanchored patterns at any depth and anchored ones only at their place', () => {
    const g = '*.log\n/root-only.txt\ndocs/*.md\n';
    expect(ignored(g, 'a/b/c.log')).toBe(true);
    expect(ignored(g, 'root-only.txt')).toBe(true);
    expect(ignored(g, 'sub/root-only.txt')).toBe(false);
    expect(ignored(g, 'docs/a.md')).toBe(true);
    expect(ignored(g, 'x/docs/a.md')).toBe(false);
    expect(ignored(g, 'docs/deeper/a.md')).toBe(false);
  });

  it('applies a trailing slash to directories only', () => {
    expect(ignored('build/\n', 'build', true)).toBe(true);
    expect(ignored('build/\n', 'build', false)).toBe(false);
    expect(ignored('build/\n', 'src/build', true)).toBe(true);
  });

  it('lets the last matching line win, so ! re-includes', () => {
    expect(ignored('*.log\n!keep.log\n', 'keep.log')).toBe(false);
    expect(ignored('!keep.log\n*.log\n', 'keep.log')).toBe(true);
  });

  it('handles ** in leading, middle and trailing position', () => {
    expect(ignored('**/cache\n', 'a/b/cache', true)).toBe(true);
    expect(ignored('a/**/b\n', 'a/b')).toBe(true);
    expect(ignored('a/**/b\n', 'a/x/y/b')).toBe(true);
    expect(ignored('a/**/b\n', 'c/a/x/b')).toBe(false);
    expect(ignored('logs/**\n', 'logs', true)).toBe(false);
    expect(ignored('logs/**\n', 'logs/x/y.txt')).toBe(true);
    expect(ignored('**\n', 'anything/at/all')).toBe(true);
  });

  it('supports ?, character classes and negated classes, never matching /', () => {
    expect(ignored('file?.txt\n', 'file1.txt')).toBe(true);
    expect(ignored('file?.txt\n', 'file10.txt')).toBe(false);
    expect(ignored('[abc].txt\n', 'b.txt')).toBe(true);
    expect(ignored('[!abc].txt\n', 'b.txt')).toBe(false);
    expect(ignored('[!abc].txt\n', 'd.txt')).toBe(true);
    expect(ignored('[[:digit:]]x\n', '7x')).toBe(true);
    expect(ignored('a?b\n', 'a/b')).toBe(false);
  });

  it('treats an unclosed bracket as a literal', () => {
    expect(ignored('a[b\n', 'a[b')).toBe(true);
  });
});

describe('gitignore semantics against git itself', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'quiver-gi-'));
    roots.push(root);
    for (const [rel, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), content);
    }
    return root;
  }

  function gitFiles(root: string): string[] {
    execFileSync('git', ['init', '-q', root]);
    const out = execFileSync('git', ['-C', root, '-c', 'core.excludesFile=/dev/null', 'ls-files', '-z', '--others', '--exclude-standard'], {
      encoding: 'utf8',
    });
    return out.split('\0').filter(Boolean).sort();
  }

  async function ourFiles(root: string): Promise<string[]> {
    const [paths] = await listFiles(root, { recursive: true });
    return paths.filter((p) => !p.endsWith('/')).sort();
  }

  const cases: Record<string, Record<string, string>> = {
    'root and nested files, anchoring, negation': {
      '.gitignore': '*.log\n!keep.log\n/top.txt\nsrc/gen/\n',
      'a.log': '',
      'keep.log': '',
      'top.txt': '',
      'sub/top.txt': '',
      'src/gen/x.ts': '',
      'src/ok.ts': '',
      'src/.gitignore': '/local.txt\n!*.log\nfoo/\n',
      'src/local.txt': '',
      'src/deep/local.txt': '',
      'src/b.log': '',
      'src/foo/x': '',
      'src/deep/foo/y': '',
      'src/deep/foo.txt': '',
    },
    'no re-including below an excluded directory': {
      '.gitignore': 'ex/\n!ex/keep.txt\nlogs/**\n!logs/important.txt\n',
      'ex/keep.txt': '',
      'ex/other.txt': '',
      'logs/important.txt': '',
      'logs/x.txt': '',
      'logs/sub/y.txt': '',
    },
    'double stars, classes and wildcards': {
      '.gitignore': '**/cache/\na/**/z.txt\n[0-9]*.tmp\nfile?.md\n*~\n',
      'cache/x': '',
      'p/q/cache/y': '',
      'a/z.txt': '',
      'a/b/c/z.txt': '',
      'b/a/z.txt': '',
      '1.tmp': '',
      'x1.tmp': '',
      'file1.md': '',
      'file12.md': '',
      'notes.txt~': '',
      'notes.txt': '',
    },
    'nested file overrides its parent': {
      '.gitignore': '*.gen\n/pkg/local\n',
      'pkg/.gitignore': '!keep.gen\n/build\n*.out\n',
      'pkg/keep.gen': '',
      'pkg/drop.gen': '',
      'pkg/build/x': '',
      'pkg/sub/build/y': '',
      'pkg/local': '',
      'pkg/a.out': '',
      'a.out': '',
    },
  };

  for (const [name, files] of Object.entries(cases)) {
    it(name, async () => {
      const root = tree(files);
      const ours = await ourFiles(root);
      const theirs = gitFiles(root);
      expect(theirs.length).toBeGreaterThan(1);
      expect(ours).toEqual(theirs);
    });
  }
});
