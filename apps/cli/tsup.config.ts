import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  target: 'node20',
  // Every package stays an import, devDependencies too: the optional ones (@quiver/agent, the
  // optional tool plugins, esbuild) are found beside the CLI when installed, never inlined.
  skipNodeModulesBundle: true,
  banner: ({ format }) => (format === 'esm' ? {} : {}),
});
