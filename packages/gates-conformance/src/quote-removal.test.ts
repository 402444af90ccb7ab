import { spawnSync } from 'node:child_process';
import { analyzeCommand } from '@quiver/shell';
import { describe, expect, it } from 'vitest';
import { pick, rng } from './cases/build.js';

/**
 * R1/R4 differential: random words built from every quoting form (plain text, '…', "…" with
 * its escapes, backslash escapes, $'…' with its escapes, $"…", backslash-newline) are handed
 * to bash, which prints each word after quote removal; the analyzer's word values and R4
 * segment text must agree with bash exactly.
 */
const PLAIN = 'abcxyz019._/-=:@%+,'.split('');
const IN_SINGLE = [...'ab "\\$*;|&#`{}()<>~!?[]', '\n', '\t', 'é'];
const IN_DOUBLE = [..."ab '*;|&#{}()<>~!?[]", '\\"', '\\\\', '\\$', '\\`', '\\n', '\\a', '\\\n', 'é', '\n'];
const ESCAPED = [...' "\'\\$*;|&#`{}()<>~!?[]abn'].map((c) => `\\${c}`);
const ANSI = ['a', ' ', '\\n', '\\t', '\\x41', '\\101', "\\'", '\\\\', '\\"', '\\u00e9', '\\e', '\\cA', '\\?', '"', '$', '`', '\\q'];

function piece(r: () => number): string {
  const roll = r();
  const run = (items: string[], max: number) => Array.from({ length: 1 + Math.floor(r() * max) }, () => pick(r, items)).join('');
  if (roll < 0.3) return run(PLAIN, 4);
  if (roll < 0.45) return `'${run(IN_SINGLE, 4)}'`;
  if (roll < 0.6) return `"${run(IN_DOUBLE, 4)}"`;
  if (roll < 0.72) return pick(r, ESCAPED);
  if (roll < 0.85) return `$'${run(ANSI, 3)}'`;
  if (roll < 0.92) return `$"${run(['a', 'b', ' ', '\\\\', '\\"'], 3)}"`;
  return `${run(PLAIN, 2)}\\\n${run(PLAIN, 2)}`;
}

function word(r: () => number): string {
  const n = 1 + Math.floor(r() * 3);
  let w = '';
  for (let i = 0; i < n; i++) w += piece(r);
  return w;
}

/** What bash makes of each word: `printf '%s\0' words…` split on NUL. */
function bashWords(words: string[]): string[] {
  const script = `printf '%s\\0' ${words.join(' ')}`;
  const r = spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' } });
  if (r.status !== 0) throw new Error(`bash failed on ${JSON.stringify(script)}: ${r.stderr}`);
  return r.stdout.split('\0').slice(0, -1);
}

describe('R4 quote removal agrees with bash', () => {
  const r = rng(0xb45);
  const batches = Array.from({ length: 80 }, () => Array.from({ length: 12 }, () => word(r)));
  for (const [i, words] of batches.entries()) {
    it(`batch #${i}: ${JSON.stringify(words.join(' ')).slice(0, 120)}`, async () => {
      const expected = bashWords(words);
      const a = await analyzeCommand(`printf '%s\\0' ${words.join(' ')}`);
      expect(a.ok, JSON.stringify(a)).toBe(true);
      if (!a.ok) return;
      const top = a.segments[0];
      expect(top.words.slice(2).map((w) => w.value)).toEqual(expected);
      expect(top.text).toBe(['printf', '%s\\0', ...expected].join(' '));
    });
  }
});
