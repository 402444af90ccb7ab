import { existsSync, readdirSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { createWorkspace } from '@quiver/workspace';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTree, type Fixture, type TreeEntry } from './fixture-tree.js';

/**
 * P8 — a symlink swapped between the check and the operation must not let the operation read
 * or create anything outside the root. Refusing is acceptable; leaking is not.
 */
interface Race {
  description: string;
  /** The path checked (resolved) before the swap. */
  input: string;
  /** What is swapped for a symlink, and where the link points (fixture-relative target). */
  swap: string;
  to: string;
  flags: string;
}

const TREE: TreeEntry[] = [
  { file: 'root/d/file.txt', content: 'inside' },
  { file: 'root/d/sub/x.txt', content: 'inside' },
  { file: 'root/f.txt', content: 'inside' },
  { file: 'outside/file.txt', content: 'outside' },
  { file: 'outside/x.txt', content: 'outside' },
  { file: 'outside/f.txt', content: 'outside' },
  { link: 'outside/hop', to: '{base}/outside' },
];

const RACES: Race[] = [];
for (const flags of ['r', 'r+', 'w', 'a', 'wx']) {
  RACES.push(
    {
      description: `parent directory swapped for an outside link (${flags})`,
      input: flags === 'wx' ? 'd/new.txt' : 'd/file.txt',
      swap: 'root/d',
      to: '{base}/outside',
      flags,
    },
    {
      description: `deeper directory swapped for an outside link (${flags})`,
      input: flags === 'wx' ? 'd/sub/new.txt' : 'd/sub/x.txt',
      swap: 'root/d/sub',
      to: '{base}/outside',
      flags,
    },
    {
      description: `parent directory swapped for a relative outside link (${flags})`,
      input: flags === 'wx' ? 'd/new.txt' : 'd/file.txt',
      swap: 'root/d',
      to: '../outside',
      flags,
    },
    {
      description: `parent directory swapped for a link to a link out (${flags})`,
      input: flags === 'wx' ? 'd/new.txt' : 'd/file.txt',
      swap: 'root/d',
      to: '{base}/outside/hop',
      flags,
    },
  );
  if (flags !== 'wx') {
    RACES.push({
      description: `the file itself swapped for an outside link (${flags})`,
      input: 'f.txt',
      swap: 'root/f.txt',
      to: '{base}/outside/f.txt',
      flags,
    });
  }
}
RACES.push({
  description: 'a missing file created as an outside link before a create (w)',
  input: 'new.txt',
  swap: 'root/new.txt',
  to: '{base}/outside/file.txt',
  flags: 'w',
});
RACES.push({
  description: 'a missing file created as an outside link before an append (a)',
  input: 'new.txt',
  swap: 'root/new.txt',
  to: '{base}/outside/file.txt',
  flags: 'a',
});

let fx: Fixture | undefined;
afterEach(() => fx?.dispose());

/** Swap `path` for a symlink (a missing path simply becomes one). */
function swapForLink(f: Fixture, path: string, to: string): void {
  const abs = f.at(path);
  if (existsSync(abs)) renameSync(abs, `${abs}.orig`);
  symlinkSync(f.fill(to), abs);
}

function outsideSnapshot(f: Fixture): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(f.at('outside'))) {
    if (name !== 'hop') out[name] = readFileSync(f.at(`outside/${name}`), 'utf8');
  }
  return out;
}

describe(`P8 races (${RACES.length} rows)`, () => {
  for (const race of RACES) {
    it(race.description, async () => {
      fx = buildTree(TREE);
      const ws = await createWorkspace([fx.at('root')]);
      const checked = await ws.resolve(race.input);
      expect(checked.inside).toBe(true);
      const before = outsideSnapshot(fx);
      swapForLink(fx, race.swap, race.to);
      let content: string | undefined;
      try {
        const fh = await ws.openConfined(checked, race.flags);
        try {
          if (race.flags.startsWith('r')) content = await fh.readFile('utf8');
          if (race.flags !== 'r') await fh.write('PWNED');
        } finally {
          await fh.close();
        }
      } catch {
        // Refusing is acceptable (P8).
      }
      expect(content).not.toBe('outside');
      expect(outsideSnapshot(fx)).toEqual(before);
      await expect(ws.assertStillInside(checked)).rejects.toMatchObject({ rule: 'P8' });
    });
  }
});
