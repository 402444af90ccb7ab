// The formatter (Biome, biome.json) in the suite: the whole tree is formatted, and a change that
// is not fails here (run `pnpm format`). biome.json leaves out what must keep its exact bytes:
// fixtures, corpora, case tables, generated files, Markdown.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

it('the repository stays formatted (biome format .)', async () => {
  const run = await promisify(execFile)(join(root, 'node_modules/.bin/biome'), ['format', '.'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    (r) => ({ ok: true, out: `${r.stdout}${r.stderr}` }),
    (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
  );
  expect(run.ok, `biome format found unformatted files (run \`pnpm format\`):\n${run.out.slice(0, 4000)}`).toBe(true);
  // Not an empty run: Biome names how many files it checked.
  expect(Number(/Checked (\d+) files?/.exec(run.out)?.[1] ?? 0)).toBeGreaterThan(400);
  // ~1 s on an idle machine; 25 s measured at load 30 (Biome's worker threads wait for the cores).
}, 120_000);
