import { defineConfig } from 'tsup';

// The bench is a program, not a library: one entry, no declarations. The child scripts in
// src/child/*.mjs run as they are (they import the built packages).
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'node20',
});
