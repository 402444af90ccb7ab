// The repo's ESLint config (eslint.config.js), run in the suite: no package imports a plugin or
// an app, no plugin imports another plugin or an app (STYLE.md: apps -> plugins -> packages).
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const SOURCES = ['packages/*/src/**/*.ts', 'plugins/*/src/**/*.ts', 'apps/*/src/**/*.ts'];

describe('ESLint: the import direction', () => {
  it('finds no error in the workspace sources', { timeout: 120_000 }, async () => {
    const results = await new ESLint({ cwd: root }).lintFiles(SOURCES);
    const errors = results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(errors).toEqual([]);
    expect(results.length).toBeGreaterThan(300);
  });

  it.each([
    [
      'plugins/read-file/src/x.ts',
      "import { executeCommandTool } from '@quiver/tool-execute-command';",
      'A plugin imports no other plugin',
    ],
    ['plugins/read-file/src/x.ts', "import { main } from '@quiver/cli';", 'A plugin imports no other plugin and no app'],
    ['packages/core/src/x.ts', "import plugin from '@quiver/plugin-cline-hooks';", 'Packages import no plugin'],
    ['packages/core/src/x.ts', "import { x } from '../../../plugins/read-file/src/index.js';", 'by its name'],
  ])('refuses %s importing: %s', async (file, code, message) => {
    const [result] = await new ESLint({ cwd: root }).lintText(`${code}\nexport const y = 1;\n`, { filePath: join(root, file) });
    expect(result.messages.map((m) => m.message).join('\n')).toContain(message);
  });

  it('lets an app import plugins and packages', async () => {
    const [result] = await new ESLint({ cwd: root }).lintText(
      "import plugin from '@quiver/tool-read-file';\nimport { definePlugin } from '@quiver/core';\nexport { plugin, definePlugin };\n",
      { filePath: join(root, 'apps/cli/src/x.ts') },
    );
    expect(result.messages.filter((m) => m.severity === 2)).toEqual([]);
  });
});
