import { spawnSync } from 'node:child_process';
import { posix } from 'node:path';
import { createIgnoreService } from '@quiver/ignore';
import { createWorkspace } from '@quiver/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, rng } from './cases/build.js';
import { buildTree, type Fixture } from './fixture-tree.js';

/**
 * I2 differential: random globs and brace words (`?`, `*`, `**`, `[…]`, `[!…]`, ranges,
 * `{a,b}`) over a tree where exactly one file is ignored (an anchored pattern). bash, with
 * hidden files included (`dotglob`, `globstar`, `nullglob`), says which words the glob becomes;
 * the screen must deny exactly when one of them is the ignored file.
 */
const TARGET = 'd1/s2/target.txt';
const FILES = [
  TARGET,
  'd1/s2/tarGet.md',
  'd1/s2/target.txt.bak',
  'd1/s1/a.txt',
  'd1/s1/b.log',
  'd1/.h/target.txt',
  'd2/s2/target.txt',
  '.d1/s2/target.txt',
  'x-y/z.txt',
  'd1/s2/deep/target.txt',
  'd10/s2/target.txt',
  'target.txt',
];
const OTHER_NAMES = ['d2', 'zz', 's1', 'x-y', '.h', 'd10', 'tarGet.md'];

function mutate(r: () => number, segment: string, last: boolean): string {
  const roll = r();
  const i = Math.floor(r() * segment.length);
  if (roll < 0.15) return segment.slice(0, i) + '?' + segment.slice(i + 1);
  if (roll < 0.3) return segment.slice(0, i) + '*';
  if (roll < 0.38) return '*';
  if (roll < 0.46) return `*${segment.slice(i)}`;
  if (roll < 0.54) return `${segment.slice(0, i)}[${segment[i]}q]${segment.slice(i + 1)}`;
  if (roll < 0.6) return `${segment.slice(0, i)}[!${segment[i]}]${segment.slice(i + 1)}`;
  if (roll < 0.66) return `${segment.slice(0, i)}[!q]${segment.slice(i + 1)}`;
  if (roll < 0.72) return `${segment.slice(0, i)}[a-z]${segment.slice(i + 1)}`;
  if (roll < 0.8) return `{${segment},${pick(r, OTHER_NAMES)}}`;
  if (roll < 0.85 && !last) return '**';
  return segment;
}

function randomGlob(r: () => number): string {
  const file = r() < 0.6 ? TARGET : pick(r, FILES);
  const segments = file.split('/');
  return segments.map((s, k) => (r() < 0.55 ? mutate(r, s, k === segments.length - 1) : s)).join('/');
}

function bashExpands(glob: string, cwd: string): string[] {
  const script = `shopt -s dotglob nullglob globstar; printf '%s\\0' ${glob}`;
  const r = spawnSync('bash', ['-c', script], { cwd, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
  if (r.status !== 0) throw new Error(`bash failed on ${glob}: ${r.stderr}`);
  return r.stdout
    .split('\0')
    .slice(0, -1)
    .map((w) => posix.normalize(w));
}

describe('I2 glob expansion agrees with bash', () => {
  let fx: Fixture;
  let check: (command: string) => Promise<{ allowed: boolean }>;
  beforeAll(async () => {
    fx = buildTree([{ file: 'root/.quiverignore', content: `/${TARGET}\n` }, ...FILES.map((f) => `root/${f}`)]);
    const service = await createIgnoreService(await createWorkspace([fx.at('root')]));
    check = (command) => service.checkCommand(command, fx.at('root'));
  });
  afterAll(() => fx.dispose());

  const r = rng(0x61ab);
  const globs = [...new Set(Array.from({ length: 600 }, () => randomGlob(r)))];
  for (const glob of globs) {
    it(`cat ${glob}`, async () => {
      const words = bashExpands(glob, fx.at('root'));
      // The ignore file itself is always ignored (P5).
      const expected = !words.includes(TARGET) && !words.includes('.quiverignore');
      const got = await check(`cat ${glob}`);
      expect(got.allowed, `bash expands it to ${JSON.stringify(words)}`).toBe(expected);
    });
  }
});
