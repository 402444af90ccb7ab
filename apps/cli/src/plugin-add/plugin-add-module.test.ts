// `quiver plugin add` with a quiver.config.ts/.mjs/.js, through the built command in temp
// folders: npm really installs a local plugin package (no dependencies, so nothing is fetched),
// the module config is edited in place (the rest of the file kept as written) and then loads
// with the plugin; a config whose shape cannot be edited safely is refused before anything is
// installed, the file untouched, with what to add by hand.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runQuiver } from '../../test/run-quiver.js';

let base: string;
let env: Record<string, string>;
const PLUGIN = 'quiver-tool-tiny';

beforeAll(async () => {
  requireBuild();
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-add-module-')));
  const plugin = join(base, PLUGIN);
  await mkdir(plugin);
  // A plugin package as published: a manifest and a built entry (listing reads only the manifest).
  await writeFile(
    join(plugin, 'package.json'),
    JSON.stringify({
      name: PLUGIN,
      version: '1.0.0',
      type: 'module',
      quiver: { apiVersion: 1, tools: [{ name: 'tiny', description: 'A tiny tool' }], entry: './index.js', core: '>=0.0.0' },
    }),
  );
  await writeFile(join(plugin, 'index.js'), 'export default {};\n');
  await mkdir(join(base, 'home'));
  env = {
    HOME: join(base, 'home'),
    QUIVER_TRUST_STORE: join(base, 'trusted-folders.json'),
    npm_config_cache: join(base, 'npm-cache'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_offline: 'true',
  };
}, 60_000);
afterAll(() => rm(base, { recursive: true, force: true }));

/** A project folder holding `file` with `text`, and a package.json. */
async function project(name: string, file: string, text: string): Promise<string> {
  const dir = join(base, name);
  await mkdir(dir);
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' })}\n`);
  await writeFile(join(dir, file), text);
  return dir;
}

const add = (cwd: string) => runQuiver(['plugin', 'add', `../${PLUGIN}`], { cwd, env });

describe('quiver plugin add with a module config', () => {
  it('appends to the plugins list of a quiver.config.ts, keeping the rest of the file, and the config loads with it', async () => {
    const before = [
      '// The project config.',
      'export default {',
      "  extends: 'quiver:default',",
      "  plugins: ['...'],",
      '  approval: { readFiles: true }, // comments stay',
      '};',
      '',
    ].join('\n');
    const dir = await project('ts-list', 'quiver.config.ts', before);
    const added = await add(dir);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const after = await readFile(join(dir, 'quiver.config.ts'), 'utf8');
    expect(after).toContain('// The project config.');
    expect(after).toContain('// comments stay');
    expect(after).toContain("plugins: ['...', 'quiver-tool-tiny'],");
    expect(existsSync(join(dir, 'node_modules', PLUGIN, 'package.json'))).toBe(true);
    // (--trust: a module config runs code, so it loads only in a trusted folder.)
    const tools = await runQuiver(['tools', '--json', '--trust'], { cwd: dir, env });
    expect(tools.stderr).toBe('');
    const listed = JSON.parse(tools.stdout) as { name: string; package: string }[];
    expect(listed).toContainEqual(expect.objectContaining({ name: 'tiny', package: PLUGIN }));
    expect(listed.map((t) => t.name)).toContain('read_file');
    // Added again: already named, nothing changes.
    expect((await add(dir)).code).toBe(0);
    expect(await readFile(join(dir, 'quiver.config.ts'), 'utf8')).toBe(after);
  }, 180_000);

  it('adds plugins (keeping the default tools) to defineConfig({ ... }) in a quiver.config.mjs', async () => {
    const before = "import { defineConfig } from '@quiver/core';\n\nexport default defineConfig({\n  approval: { readFiles: true },\n});\n";
    const dir = await project('mjs-define', 'quiver.config.mjs', before);
    // Not loaded here (@quiver/core is not installed in this folder): the edit is what is checked.
    const added = await add(dir);
    expect(added.code, added.stderr).toBe(0);
    const after = await readFile(join(dir, 'quiver.config.mjs'), 'utf8');
    expect(
      after.startsWith("import { defineConfig } from '@quiver/core';\n\nexport default defineConfig({\n  approval: { readFiles: true },"),
    ).toBe(true);
    expect(after).toMatch(/extends: ["']quiver:default["']/);
    expect(after).toMatch(/plugins: \[["']\.\.\.["'], ["']quiver-tool-tiny["']\]/);
  }, 180_000);

  it.each([
    ['a variable', 'const config = { plugins: ["..."] };\nexport default config;\n'],
    ['a computed plugins list', 'const extra = ["..."];\nexport default { plugins: extra };\n'],
    ['CommonJS', 'module.exports = { plugins: ["..."] };\n'],
    ['a syntax error', 'export default { plugins: [ };\n'],
  ])(
    'refuses %s: nothing installed, the file unchanged, what to add by hand',
    async (label, text) => {
      const dir = await project(`refused-${label.replace(/\W+/g, '-')}`, 'quiver.config.js', text);
      const refused = await add(dir);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('QUIVER_ERR_CLI_PLUGIN_ADD_FAILED');
      expect(refused.stderr).toContain('nothing was installed or changed');
      expect(refused.stderr).toContain(`add '${PLUGIN}' to the config's "plugins" list yourself`);
      expect(await readFile(join(dir, 'quiver.config.js'), 'utf8')).toBe(text);
      expect(existsSync(join(dir, 'node_modules'))).toBe(false);
      expect(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))).not.toHaveProperty('dependencies');
    },
    60_000,
  );
});
