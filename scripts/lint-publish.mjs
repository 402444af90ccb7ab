#!/usr/bin/env node
// The release check of every publishable workspace package (`pnpm lint:publish`, after a build):
//  - publint --strict: package.json fields, exports and files, on the files pnpm would pack;
//  - arethetypeswrong (ESM profile): the types resolve for ESM consumers (node16 and bundler);
//  - engines.node is declared (npm warns users on an unsupported Node before anything breaks).
// Private packages are skipped. Prints one line per package and exits 1 if any fails.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const pnpm = process.env.npm_execpath && /pnpm/.test(process.env.npm_execpath) ? [process.execPath, process.env.npm_execpath] : ['pnpm'];

const dirs = ['packages', 'plugins', 'apps', 'examples', 'e2e']
  .flatMap((group) => (existsSync(join(root, group)) ? readdirSync(join(root, group)).map((d) => join(root, group, d)) : []))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .filter((dir) => !JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).private);

async function check(dir) {
  const name = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name;
  const problems = [];
  const tmp = await mkdtemp(join(tmpdir(), 'quiver-lint-publish-'));
  const pj = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (!pj.engines?.node) problems.push('package.json: no engines.node (say which Node versions it runs on, e.g. ">=20.18")');
  try {
    await run(bin('publint'), ['--strict'], { cwd: dir }).catch((e) => problems.push(`publint:\n${e.stdout}${e.stderr}`));
    await run(pnpm[0], [...pnpm.slice(1), 'pack', '--pack-destination', tmp], { cwd: dir });
    const [tarball] = (await readdir(tmp)).filter((f) => f.endsWith('.tgz'));
    // A package that is only a command (@quiver/all) has no module entry, so no types to check.
    const hasEntry = pj.exports !== undefined || pj.main !== undefined || pj.types !== undefined;
    if (hasEntry) {
      await run(bin('attw'), [join(tmp, tarball), '--profile', 'esm-only', '--format', 'ascii', '--no-emoji', '--no-color']).catch((e) =>
        problems.push(`attw:\n${e.stdout}${e.stderr}`),
      );
    }
  } catch (e) {
    problems.push(String(e.message ?? e));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return { name, problems };
}

let failed = 0;
const queue = [...dirs];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      const { name, problems } = await check(dir);
      if (problems.length) failed++;
      process.stdout.write(problems.length ? `✗ ${name}\n${problems.join('\n').replace(/^/gm, '    ')}\n` : `✓ ${name}\n`);
    }
  }),
);
process.stdout.write(`\nlint:publish: ${dirs.length - failed} packages passed, ${failed} failed\n`);
process.exitCode = failed ? 1 : 0;
