import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostUi, PluginDefinition } from '@quiver/core';
import { createRuntime, type Runtime } from '@quiver/runtime';
import type { Corpora } from './corpora.js';

/** What every benchmark gets. */
export interface BenchContext {
  corpora: Corpora;
  /** Measured runs per side (the full run uses at least 5). */
  runs: number;
  /** Tiny corpora and batches: the smoke test. */
  smoke: boolean;
  /** Profile the Quiver side of every missed target. */
  profileMisses: boolean;
  /** The repository root (for `apps/cli/dist/bin.js`). */
  repoRoot: string;
  /** The built `quiver` entry point. */
  cliBin: string;
  /** The rg binary @vscode/ripgrep ships (the one search_files runs). */
  rgPath: string;
  /** Scratch folder for profiles and child output. */
  scratch: string;
  log(line: string): void;
}

/** A UI that approves everything and prints nothing: the benchmarks measure the tools, not prompts. */
export const SILENT_UI: HostUi = {
  say: () => {},
  ask: async () => ({ response: 'yes' }),
  approve: async () => ({ approved: true }),
};

/** The bench package's folder (`bench/`), from this file in `src/` or in `dist/`. */
export function benchRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const pj = join(dir, 'package.json');
    if (existsSync(pj) && (JSON.parse(readFileSync(pj, 'utf8')) as { name?: string }).name === '@quiver/bench') return dir;
    dir = dirname(dir);
  }
  throw new Error('The @quiver/bench package folder was not found above this file.');
}

/** The rg binary of @vscode/ripgrep. */
export async function ripgrepBinary(): Promise<string> {
  return (await import('@vscode/ripgrep')).rgPath;
}

/**
 * A runtime over `cwd` with the real default services (workspace, ignore rules, permissions,
 * telemetry) and the given in-memory plugins, as `quiver exec` builds it minus the config file.
 */
export function benchRuntime(cwd: string, plugins: { plugin: PluginDefinition; options?: Record<string, unknown> }[]): Promise<Runtime> {
  // As the CLI runs it (it owns its process, so path checks may trust its folder watches).
  return createRuntime({ cwd, config: {}, ui: SILENT_UI, plugins, noConfigPlugins: true, watchFolders: true });
}

/** The text of a tool result, for sanity checks on what a benchmark produced. */
export function resultText(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('\n');
}
