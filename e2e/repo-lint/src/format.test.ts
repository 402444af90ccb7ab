// The formatter (Biome, biome.json) in the suite. The repo-wide reformat has not landed yet, so
// this checks the files that already conform (scripts/format-conforming.txt, 418 files when it
// landed): a change that breaks their formatting fails here. Run `pnpm format` on a file you add
// to the list. Once the whole tree is reformatted, this checks `biome format .` instead.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

it('the files that conform stay formatted (biome format)', async () => {
  const files = readFileSync(join(root, 'scripts/format-conforming.txt'), 'utf8').split('\n').filter((f) => f && existsSync(join(root, f)));
  expect(files.length).toBeGreaterThan(100);
  const run = await promisify(execFile)(join(root, 'node_modules/.bin/biome'), ['format', ...files], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).then(
    () => ({ ok: true, out: '' }),
    (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
  );
  expect(run.ok, `biome format found unformatted files (run \`pnpm format\`):\n${run.out.slice(0, 4000)}`).toBe(true);
});
