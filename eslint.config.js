// ESLint (typescript-eslint's parser): the dependency direction apps -> plugins -> packages,
// enforced by the linter (STYLE.md). Checked in the suite by e2e/repo-lint.
import tseslint from 'typescript-eslint';

const PLUGINS = ['@quiver/tool-*', '@quiver/plugin-*'];
const APPS = ['@quiver/cli', '@quiver/cli/*', '@quiver/vscode', '@quiver/vscode/*', '@quiver/all'];
/** Reaching into another workspace folder by a relative path skips the package boundary. */
const ACROSS = [
  '**/packages/*/src/**',
  '**/plugins/*/src/**',
  '**/apps/*/src/**',
  '../../packages/**',
  '../../plugins/**',
  '../../apps/**',
];

const restrict = (groups, message) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: groups, message },
        { group: ACROSS, message: 'Import a workspace package by its name, not by a path into its folder.' },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.test.ts', '**/test/**', '**/*.examples.ts', 'examples/**', 'e2e/**', 'bench/**'] },
  { files: ['packages/*/src/**/*.ts', 'plugins/*/src/**/*.ts', 'apps/*/src/**/*.ts'], languageOptions: { parser: tseslint.parser } },
  {
    files: ['packages/*/src/**/*.ts'],
    rules: restrict([...PLUGINS, ...APPS], 'Packages import no plugin and no app (apps -> plugins -> packages).'),
  },
  {
    files: ['plugins/*/src/**/*.ts'],
    rules: restrict([...PLUGINS, ...APPS], 'A plugin imports no other plugin and no app (apps -> plugins -> packages).'),
  },
);
