// The release proof. A real registry (Verdaccio) on 127.0.0.1, configured as a company runs
// one: @quiver/* and quiver-tool-* only from what is published to it, everything else proxied
// to the registry npm is configured with. The workspace is published to it with the release's
// own command (`pnpm run release:publish`, which rewrites workspace: ranges), and then a user
// with only node and npm, in temp folders outside the repo, installs and uses Quiver, and a
// plugin author scaffolds, tests and publishes a plugin that a third project adds.
// One file, one vitest project, in the default suite: it is slow (minutes: it publishes and
// installs), so it runs beside the rest, its programs at a lower CPU priority, every step with a
// time limit, and it needs the npm registry (CI reaches registry.npmjs.org): without it, it fails
// at once saying so.
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAVY_PACKAGES, installSize } from './install-size.js';
import { startRegistry, type LocalRegistry } from './local-registry.js';
import { outsideEnv, upstreamRegistry, type OutsideUser } from './outside-env.js';
import { pnpmCommand } from './pnpm-command.js';
import { lowerPriority, runBounded } from './run-bounded.js';
import { assertReachable } from './reachable.js';

const MONOREPO = resolve(import.meta.dirname, '../../..');
const CLI_VERSION = (JSON.parse(readFileSync(join(MONOREPO, 'apps/cli/package.json'), 'utf8')) as { version: string }).version;
const CORE_VERSION = (JSON.parse(readFileSync(join(MONOREPO, 'packages/core/package.json'), 'utf8')) as { version: string }).version;

let base: string;
let registry: LocalRegistry | undefined;
let user: OutsideUser;
let env: Record<string, string>;

/** Time limits of the steps (generous for a loaded 2-core machine; a hang fails, never waits). */
const LIMIT = { publishAll: 600_000, install: 600_000, quiver: 90_000, npmTest: 240_000, publish: 240_000 } as const;

/** Run a program as the outside user; a failure shows its output (and the registry's). */
async function run(file: string, args: string[], cwd: string, timeoutMs: number): Promise<string> {
  const result = await runBounded(file, args, { cwd, env, timeoutMs });
  if (result.code === 0) return result.stdout;
  const why = result.timedOut ? `was stopped after ${timeoutMs / 1000} s` : `exited with ${result.code}`;
  throw new Error(
    `${file} ${args.join(' ')} ${why} in ${cwd}\n${result.stdout}\n${result.stderr}\n--- registry ---\n${registry?.log() ?? ''}`,
  );
}
/** Run a program that is expected to fail: its exit code and output. */
async function runFailing(
  file: string,
  args: string[],
  cwd: string,
  timeoutMs: number = LIMIT.quiver,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const result = await runBounded(file, args, { cwd, env, timeoutMs });
  if (result.timedOut)
    throw new Error(`${file} ${args.join(' ')} was stopped after ${timeoutMs / 1000} s in ${cwd}\n${result.stdout}\n${result.stderr}`);
  return result;
}
const npm = (args: string[], cwd: string, timeoutMs: number = LIMIT.install) => run('npm', args, cwd, timeoutMs);
const quiverBin = () => join(user.prefix, 'bin/quiver');
const quiver = (args: string[], cwd: string) => run(quiverBin(), args, cwd, LIMIT.quiver);

beforeAll(async () => {
  if (!existsSync(join(MONOREPO, 'apps/cli/dist/bin.js')))
    throw new Error("apps/cli/dist is missing: run 'pnpm build' first (pnpm test does).");
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-registry-')));
  await mkdir(join(base, 'registry'));
  const upstream = await upstreamRegistry();
  // Everything but @quiver/* and quiver-tool-* is proxied to it: without it nothing installs.
  await assertReachable(upstream);
  registry = await startRegistry(join(base, 'registry'), upstream);
  lowerPriority(registry.pid);
  const host = new URL(registry.url);
  user = {
    registry: registry.url,
    userconfig: join(base, 'npmrc'),
    cache: join(base, 'npm-cache'),
    prefix: join(base, 'prefix'),
    home: join(base, 'home'),
  };
  await mkdir(user.home);
  await writeFile(user.userconfig, `//${host.host}/:_authToken=${registry.token}\n`);
  await writeFile(`${user.userconfig}.global`, '');
  env = outsideEnv(user);
  // The release's publish step, from the checkout, to this registry (workspace: ranges rewritten).
  const pnpm = pnpmCommand();
  const publishEnv = {
    ...process.env,
    npm_config_registry: registry.url,
    npm_config_userconfig: user.userconfig,
    npm_config_update_notifier: 'false',
  } as Record<string, string>;
  const published = await runBounded(pnpm.file, [...pnpm.args, 'run', 'release:publish', '--no-git-checks'], {
    cwd: MONOREPO,
    env: publishEnv,
    timeoutMs: LIMIT.publishAll,
  });
  if (published.code !== 0) {
    const why = published.timedOut ? `was stopped after ${LIMIT.publishAll / 1000} s` : `exited with ${published.code}`;
    throw new Error(`pnpm run release:publish ${why}\n${published.stdout}\n${published.stderr}\n--- registry ---\n${registry.log()}`);
  }
}, LIMIT.publishAll + 120_000);

afterAll(async () => {
  await registry?.stop();
  if (base) await rm(base, { recursive: true, force: true });
}, 60_000);

describe('a user installs Quiver from the registry', () => {
  let project: string;

  it(
    'npm i -g --prefix <tmp> @quiver/cli installs a working quiver',
    async () => {
      await npm(['install', '--global', '--prefix', user.prefix, '@quiver/cli'], base);
      expect((await quiver(['--version'], base)).trim()).toBe(CLI_VERSION);
      // Nothing resolved to the checkout: every @quiver package came from the registry.
      const installed = await realpath(join(user.prefix, 'lib/node_modules/@quiver/cli'));
      expect(installed.startsWith(base)).toBe(true);
    },
    LIMIT.install + 60_000,
  );

  it('quiver tools and quiver exec read_file work in a fresh folder', async () => {
    project = join(base, 'user-project');
    await mkdir(project);
    await writeFile(join(project, 'notes.txt'), 'first line\nsecond line\n');
    const tools = JSON.parse(await quiver(['tools', '--json'], project)) as { name: string }[];
    const names = tools.map((t) => t.name);
    for (const name of [
      'read_file',
      'list_files',
      'search_files',
      'execute_command',
      'write_to_file',
      'replace_in_file',
      'apply_patch',
      'use_mcp_tool',
    ])
      expect(names).toContain(name);
    const out = await quiver(['exec', 'read_file', '{"path":"notes.txt"}'], project);
    expect(out).toContain('2 | second line');
    const found = await quiver(['exec', 'search_files', '{"path":".","regex":"second"}'], project);
    expect(found).toContain('second line');
  }, 120_000);

  it('the default install is lean: no heavy dependency, and a tool that needs one names the package to add', async () => {
    const tree = join(user.prefix, 'lib/node_modules/@quiver/cli/node_modules');
    for (const heavy of HEAVY_PACKAGES) expect(existsSync(join(tree, heavy)), `${heavy} is installed with the default CLI`).toBe(false);
    await writeFile(join(project, 'report.pdf'), '%PDF-1.4\n');
    const pdf = await runFailing(quiverBin(), ['exec', 'read_file', '{"path":"report.pdf"}'], project);
    expect(pdf.code).toBe(1);
    expect(pdf.stdout).toContain('@quiver/documents');
    expect(pdf.stdout).toContain('quiver plugin add @quiver/documents');
    const loop = await runFailing(quiverBin(), ['run', 'say hi', '--provider', 'anthropic', '--model', 'm'], project);
    expect(loop.code).toBe(2);
    expect(loop.stderr).toContain('@quiver/agent');
  }, 120_000);

  it('quiver mcp answers the official SDK client: tools/list and tools/call', async () => {
    const transport = new StdioClientTransport({ command: quiverBin(), args: ['mcp'], cwd: project, env, stderr: 'pipe' });
    const client = new Client({ name: 'registry-test', version: '1.0.0' });
    // A server that never answers must not outlive the test: closing the client stops it.
    const guard = setTimeout(() => void client.close(), 90_000);
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('read_file');
      const result = (await client.callTool({ name: 'read_file', arguments: { path: 'notes.txt' } })) as CallToolResult;
      expect(result.isError ?? false).toBe(false);
      expect(JSON.stringify(result.content)).toContain('first line');
    } finally {
      clearTimeout(guard);
      await client.close();
    }
  }, 120_000);
});

describe('a plugin author publishes, another project adds it', () => {
  const author = () => join(base, 'author');
  const pluginDir = () => join(author(), 'quiver-tool-hello');

  it(
    'quiver plugin new -> npm install -> npm test -> npm publish, from the registry only',
    async () => {
      await mkdir(author());
      const made = await quiver(['plugin', 'new', 'quiver-tool-hello'], author());
      // The printed next steps are the ones this test follows, in order.
      for (const step of ['npm install && npm run build && npm test', 'npm publish', 'quiver plugin add quiver-tool-hello'])
        expect(made).toContain(step);
      await npm(['install'], pluginDir());
      await npm(['run', 'build'], pluginDir(), LIMIT.npmTest);
      expect(await npm(['test'], pluginDir(), LIMIT.npmTest)).toMatch(/Tests\s+6 passed/);
      await npm(['publish'], pluginDir(), LIMIT.publish);
      const view = JSON.parse(await npm(['view', 'quiver-tool-hello', '--json'], base)) as { version: string };
      expect(view.version).toBe('0.1.0');
    },
    LIMIT.install + 2 * LIMIT.npmTest + LIMIT.publish + 60_000,
  );

  it(
    'quiver plugin add installs it, checks its manifest, writes the config; tools lists it and exec runs it',
    async () => {
      const consumer = join(base, 'consumer');
      await mkdir(consumer);
      await writeFile(
        join(consumer, 'package.json'),
        `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2)}\n`,
      );
      await writeFile(join(consumer, 'hello.txt'), 'hello');
      const added = await run(quiverBin(), ['plugin', 'add', 'quiver-tool-hello'], consumer, LIMIT.install);
      expect(added).toContain('quiver-tool-hello');
      const pkg = JSON.parse(await readFile(join(consumer, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      expect(pkg.dependencies?.['quiver-tool-hello']).toBeDefined();
      const config = JSON.parse(await readFile(join(consumer, 'quiver.config.json'), 'utf8')) as { plugins: unknown[] };
      expect(config.plugins).toContain('quiver-tool-hello');
      const tools = JSON.parse(await quiver(['tools', '--json'], consumer)) as { name: string; package: string }[];
      expect(tools).toContainEqual(expect.objectContaining({ name: 'hello', package: 'quiver-tool-hello' }));
      // The default tools are still there: the config the command writes extends the default preset.
      expect(tools.map((t) => t.name)).toContain('read_file');
      expect((await quiver(['exec', 'hello', '{"path":"hello.txt"}'], consumer)).trim()).toBe('hello.txt: 5 bytes');
    },
    LIMIT.install + 4 * LIMIT.quiver,
  );

  it(
    'a plugin for another core is refused by plugin add (both versions named, nothing changed) and at load',
    async () => {
      // The author publishes a version whose manifest asks for a core that does not exist yet.
      const future = join(author(), 'quiver-tool-future');
      await cp(pluginDir(), future, { recursive: true, filter: (src) => !src.includes('node_modules') });
      const pj = JSON.parse(await readFile(join(future, 'package.json'), 'utf8')) as Record<string, any>;
      pj.name = 'quiver-tool-future';
      pj.quiver.core = '>=99.0.0';
      pj.scripts.prepublishOnly = undefined;
      await writeFile(join(future, 'package.json'), JSON.stringify(pj, null, 2));
      await npm(['publish'], future, LIMIT.publish);

      const consumer = join(base, 'consumer-future');
      await mkdir(consumer);
      const before = `${JSON.stringify({ name: 'consumer-future', version: '1.0.0', private: true }, null, 2)}\n`;
      await writeFile(join(consumer, 'package.json'), before);
      const refused = await runFailing(quiverBin(), ['plugin', 'add', 'quiver-tool-future'], consumer, LIMIT.install);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('quiver-tool-future');
      expect(refused.stderr).toContain('>=99.0.0');
      expect(refused.stderr).toContain(CORE_VERSION);
      expect(await readFile(join(consumer, 'package.json'), 'utf8')).toBe(before);
      expect(existsSync(join(consumer, 'quiver.config.json'))).toBe(false);
      expect(existsSync(join(consumer, 'node_modules'))).toBe(false);

      // Installed by hand and named in a config anyway: the loader refuses it, naming all three.
      // (--trust: a folder's own packages load only in a trusted folder; untrusted, it is skipped.)
      await npm(['install', 'quiver-tool-future'], consumer);
      await writeFile(
        join(consumer, 'quiver.config.json'),
        JSON.stringify({ extends: 'quiver:default', plugins: ['...', 'quiver-tool-future'] }),
      );
      const atLoad = await runFailing(quiverBin(), ['tools', '--trust'], consumer);
      expect(atLoad.code).toBe(2);
      expect(atLoad.stderr).toContain('quiver-tool-future');
      expect(atLoad.stderr).toContain('>=99.0.0');
      expect(atLoad.stderr).toContain(CORE_VERSION);
    },
    LIMIT.publish + 2 * LIMIT.install + 120_000,
  );
});

// The install sizes in docs/release.md: QUIVER_MEASURE_INSTALL=1 npx vitest run --project @quiver/e2e-registry
// prints them (sizes are facts about packages proxied from the public registry, so the test
// only asserts the lean install's contents above, not a ratio that moves with their releases).
describe.runIf(process.env.QUIVER_MEASURE_INSTALL === '1')('install sizes', () => {
  // desktop-commander's puppeteer would download a browser at install time (refused here):
  // its install scripts are skipped, which the table says.
  beforeAll(() => {
    env = { ...env, PUPPETEER_SKIP_DOWNLOAD: '1' };
  });
  it(
    'measures the default CLI, @quiver/all and two peers from the same registry',
    async () => {
      const rows: string[] = [];
      const limit = LIMIT.install;
      for (const pkg of ['@quiver/cli', '@quiver/all', '@modelcontextprotocol/server-filesystem', '@wonderwhy-er/desktop-commander']) {
        const slug = pkg.replace(/[@/]/g, '_');
        const extra = pkg.includes('desktop-commander') ? ['--ignore-scripts'] : [];
        // The first install warms the registry's proxy cache; the second, with an empty npm cache, is measured.
        await npm(
          ['install', '--global', '--prefix', join(base, `warm-${slug}`), pkg, '--cache', join(base, `cache-warm-${slug}`), ...extra],
          base,
          limit,
        );
        await rm(join(base, `warm-${slug}`), { recursive: true, force: true });
        await rm(join(base, `cache-warm-${slug}`), { recursive: true, force: true });
        const prefix = join(base, `measure-${slug}`);
        const started = performance.now();
        await npm(['install', '--global', '--prefix', prefix, pkg, '--cache', join(base, `cache-${slug}`), ...extra], base, limit);
        const seconds = (performance.now() - started) / 1000;
        const size = await installSize(prefix);
        rows.push(
          `| ${pkg}${extra.length ? ' (`--ignore-scripts`)' : ''} | ${(size.bytes / 1e6).toFixed(1)} MB | ${size.packages} | ${seconds.toFixed(1)} s |`,
        );
        await rm(prefix, { recursive: true, force: true });
        await rm(join(base, `cache-${slug}`), { recursive: true, force: true });
      }
      process.stdout.write(`\n| package | installed size | packages | install time |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`);
    },
    4 * 2 * LIMIT.install,
  );
});
