import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { resultText, type PluginDefinition, type ToolResult } from '@quiver/core';
import type { QuiverConfigInput, Task } from '@quiver/core/host';
import { createRuntime, type Runtime } from '@quiver/runtime';
import { createRecordingUi, type ApprovePolicy, type AskPolicy, type RecordingUi } from './recording-ui.js';

/** Options of {@link createTestHarness}. */
export interface TestHarnessOptions {
  /** The plugins under test (in-memory definitions). */
  plugins: (PluginDefinition | { plugin: PluginDefinition; options?: Record<string, unknown> })[];
  /** Files to create in the temp workspace: relative path → content. */
  files?: Record<string, string | Buffer>;
  /** The config (approval, commandPermissions, ...); plugins come from `plugins`. */
  config?: QuiverConfigInput;
  /** How approval prompts are answered. @default true */
  approve?: ApprovePolicy;
  /** How questions are answered. @default { response: 'yes' } */
  ask?: AskPolicy;
  /** Extra workspace roots (folder names created beside the main one). */
  extraRoots?: string[];
}

/** A temp workspace with a scripted host, running tools through the real pipeline. */
export interface TestHarness {
  /** The workspace root (realpath'd). */
  readonly root: string;
  /** Extra roots, by the names given. */
  readonly roots: Record<string, string>;
  readonly runtime: Runtime;
  readonly task: Task;
  readonly ui: RecordingUi;
  /** Shorthand for `ui.said`. */
  readonly said: RecordingUi['said'];
  /** Shorthand for `ui.approvals`. */
  readonly approvals: RecordingUi['approvals'];
  /** The task's mistake counter. */
  readonly mistakes: Task['mistakes'];
  /** The task's read cache. */
  readonly readCache: Task['readCache'];
  /** Run one complete call through the pipeline. */
  call(name: string, params: Record<string, unknown>): Promise<ToolResult>;
  /** Send a partial block (streaming); returns nothing. */
  partial(name: string, params: Record<string, unknown>): Promise<void>;
  /** The text of a result. */
  text(result: ToolResult): string;
  /** Absolute path of a workspace file. */
  path(relative: string): string;
  /** Write a file into the workspace. */
  write(relative: string, content: string | Buffer): Promise<void>;
  /** Remove the workspace and dispose the runtime. */
  dispose(): Promise<void>;
}

/**
 * Create a harness: a temp workspace, a recording host, the real validator, gates, approval
 * and hooks.
 * @example
 * const h = await createTestHarness({ plugins: [readFile], files: { 'a.txt': 'hi' } });
 * expect(h.text(await h.call('read_file', { path: 'a.txt' }))).toContain('1 | hi');
 */
export async function createTestHarness(options: TestHarnessOptions): Promise<TestHarness> {
  const { base, root, roots } = await createWorkspaceDirs(options);
  const ui = createRecordingUi(options.approve ?? true, options.ask);
  const config: QuiverConfigInput = { ...options.config };
  if (options.extraRoots?.length && !config.workspaceRoots) config.workspaceRoots = [root, ...Object.values(roots)];
  const runtime = await createRuntime({
    cwd: root,
    config,
    ui,
    plugins: options.plugins.map((p) => ('plugin' in p && !('$$type' in p) ? p : { plugin: p as PluginDefinition })),
    noConfigPlugins: true,
  });
  const task = runtime.createTask();
  return {
    root,
    roots,
    runtime,
    task,
    ui,
    said: ui.said,
    approvals: ui.approvals,
    mistakes: task.mistakes,
    readCache: task.readCache,
    call: (name, params) => task.call(name, params),
    partial: async (name, params) => void (await task.execute({ name, params, partial: true })),
    text: resultText,
    path: (rel) => join(root, rel),
    write: (rel, content) => writeWorkspaceFile(root, rel, content),
    async dispose() {
      await task.dispose();
      await runtime.dispose();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/** A temp folder holding the workspace (with `options.files`) and each extra root. */
async function createWorkspaceDirs(options: TestHarnessOptions): Promise<{ base: string; root: string; roots: Record<string, string> }> {
  // realpath: on macOS the temp dir is behind a symlink, and the gates compare real paths.
  const base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-test-')));
  const root = join(base, 'workspace');
  await mkdir(root);
  const roots: Record<string, string> = {};
  for (const name of options.extraRoots ?? []) {
    roots[name] = join(base, name);
    await mkdir(roots[name]);
  }
  for (const [rel, content] of Object.entries(options.files ?? {})) await writeWorkspaceFile(root, rel, content);
  return { base, root, roots };
}

async function writeWorkspaceFile(root: string, rel: string, content: string | Uint8Array): Promise<void> {
  await mkdir(dirname(join(root, rel)), { recursive: true });
  await writeFile(join(root, rel), content);
}
