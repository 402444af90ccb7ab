import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpansionLimitError } from './expand-braces.js';
import { expandGlob } from './expand-glob.js';
import { wordTokens } from './word-tokens.js';

let dir: string;
const glob = (raw: string, scanLimit?: number) =>
  expandGlob(wordTokens(raw), { cwd: dir, home: dir, scanLimit, isInside: () => true }).sort();

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-glob-')));
  await mkdir(join(dir, 'src/deep'), { recursive: true });
  for (const f of ['.env', 'a.txt', 'b.txt', 'c.md', 'src/x.ts', 'src/.hidden', 'src/deep/y.ts', 'F1', 'f2'])
    await writeFile(join(dir, f), '');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('expandGlob (I2)', () => {
  it('matches hidden files with * and ?', () => {
    expect(glob('*')).toEqual(['.env', 'F1', 'a.txt', 'b.txt', 'c.md', 'f2', 'src']);
    expect(glob('.e*')).toEqual(['.env']);
    expect(glob('?env')).toEqual(['.env']);
    expect(glob('src/*')).toEqual(['src/.hidden', 'src/deep', 'src/x.ts']);
  });
  it('matches names holding regex-special characters, - included', async () => {
    await mkdir(join(dir, 'special'));
    await writeFile(join(dir, 'special/a-b.log'), '');
    await writeFile(join(dir, 'special/x+y(1).md'), '');
    expect(glob('special/a-*')).toEqual(['special/a-b.log']);
    expect(glob('special/a[-]b.*')).toEqual(['special/a-b.log']);
    expect(glob('special/a[+-]b.log')).toEqual(['special/a-b.log']);
    expect(glob('special/x+y(?).*')).toEqual(['special/x+y(1).md']);
  });
  it('supports bracket expressions', () => {
    expect(glob('[ab].txt')).toEqual(['a.txt', 'b.txt']);
    expect(glob('[!a].txt')).toEqual(['b.txt']);
    expect(glob('[^ab].*')).toEqual(['c.md']);
    expect(glob('[^abcFfs]*')).toEqual(['.env']);
    expect(glob('[[:upper:]]1')).toEqual(['F1']);
    expect(glob('[a-b].txt')).toEqual(['a.txt', 'b.txt']);
  });
  it('is case-sensitive like bash', () => {
    expect(glob('f*')).toEqual(['f2']);
  });
  it('does not expand quoted operators', () => {
    expect(glob(`'*'`)).toEqual([]);
    expect(glob(`\\*`)).toEqual([]);
    expect(glob(`".e"*`)).toEqual(['.env']);
  });
  it('expands ** through directories', () => {
    expect(glob('**/*.ts')).toEqual(['src/deep/y.ts', 'src/x.ts']);
    expect(glob('src/**')).toEqual(['src/.hidden', 'src/deep', 'src/deep/y.ts', 'src/x.ts']);
  });
  it('expands absolute patterns and ~', () => {
    expect(glob(`${dir}/.e*`)).toEqual([`${dir}/.env`]);
    expect(glob('~/.e*')).toEqual([`${dir}/.env`]);
  });
  it('gives nothing for no match or no glob', () => {
    expect(glob('nope*')).toEqual([]);
    expect(glob('a.txt')).toEqual([]);
    expect(glob('[abc')).toEqual([]);
  });
  it('refuses to read too much', () => {
    expect(() => glob('**/*', 3)).toThrow(ExpansionLimitError);
  });
});
