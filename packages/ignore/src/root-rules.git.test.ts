import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRootRules, matchRootRules } from './root-rules.js';

/** Pattern sets and paths (`/` suffix = a directory) whose verdicts must agree with git. */
const CASES: [string[], string[]][] = [
  [['secrets/'], ['secrets/', 'secrets/a', 'x/secrets/', 'x/secrets/b', 'secretsfile', 'y/secrets']],
  [['/foo'], ['foo', 'a/foo']],
  [['a/**/b'], ['a/b', 'a/x/b', 'a/x/y/b', 'xa/b']],
  [['**/foo'], ['foo', 'a/foo', 'b/foo/x']],
  [['foo/**'], ['foo/', 'foo/a', 'foo/b/c']],
  [
    ['dir/', '!dir/keep'],
    ['dir/keep', 'dir/x'],
  ],
  [
    ['dir/*', '!dir/keep'],
    ['dir/keep', 'dir/x'],
  ],
  [
    ['*.txt', '!important.txt'],
    ['a.txt', 'important.txt', 'd/important.txt'],
  ],
  [
    ['[!a]b', '[^c]d'],
    ['ab', 'bb', 'cd', 'dd'],
  ],
  [['a?c'], ['abc', 'a/c']],
  [
    ['\\#x', '\\!y'],
    ['#x', '!y'],
  ],
  [
    ['foo\\ ', 'bar  '],
    ['foo ', 'foo', 'bar'],
  ],
  [['a**b'], ['ab', 'axb', 'ax/yb']],
  [['/*/'], ['a/', 'a/b', 'c']],
  [['doc/*.txt'], ['doc/a.txt', 'doc/x/a.txt']],
  [['doc/**/*.txt'], ['doc/a.txt', 'doc/x/a.txt']],
  [['a/b/'], ['a/b/', 'a/b/c', 'x/a/b/']],
  [
    ['Foo', 'BAR/'],
    ['foo', 'FOO', 'bar/', 'Bar/x'],
  ],
  [
    ['*.secret', '!/keep.secret'],
    ['keep.secret', 'a/keep.secret'],
  ],
  [['build', '!build/keep'], ['build/keep']],
  [['*/'], ['a/', 'a/b', 'c']],
  [['!*.js', '*.js'], ['a.js']],
  [['a\\*b'], ['a*b', 'axb']],
];

function gitIgnores(dir: string, path: string): boolean {
  try {
    execFileSync('git', ['-C', dir, 'check-ignore', '-q', '--no-index', path], { stdio: 'ignore' });
    return true;
  } catch (e) {
    if ((e as { status?: number }).status === 1) return false;
    throw e;
  }
}

const hasGit = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasGit)('P5 matching agrees with git check-ignore (core.ignorecase)', () => {
  it.each(CASES)('%j', async (patterns, paths) => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-git-')));
    try {
      execFileSync('git', ['init', '-q', dir]);
      execFileSync('git', ['-C', dir, 'config', 'core.ignorecase', 'true']);
      await writeFile(join(dir, '.gitignore'), `${patterns.join('\n')}\n`);
      await writeFile(join(dir, '.quiverignore'), `${patterns.join('\n')}\n`);
      for (const p of paths) {
        if (p.endsWith('/')) await mkdir(join(dir, p), { recursive: true });
        else {
          await mkdir(dirname(join(dir, p)), { recursive: true });
          await writeFile(join(dir, p), '');
        }
      }
      const rules = loadRootRules({ name: 'r', path: dir }, ['.quiverignore']);
      for (const p of paths) {
        const isDir = p.endsWith('/');
        const rel = isDir ? p.slice(0, -1) : p;
        expect(matchRootRules(rules, rel, isDir) !== undefined, `${p} under ${patterns.join(' | ')}`).toBe(gitIgnores(dir, rel));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
