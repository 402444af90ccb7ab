import type { ApprovalSettings, HostUi } from '@quiver/core';
import { loadConfig, type QuiverConfig } from '@quiver/core/host';
import { createRuntime, HOST_CONFIG_SECTIONS, resolvePluginDir, type Runtime } from '@quiver/runtime';
import { BUNDLED_PLUGINS, DEFAULT_PLUGINS, VSCODE_PRESETS } from './bundled-plugins.js';

/** The search_files plugin, which is told where the shipped ripgrep binary is. */
const SEARCH_PLUGIN = '@quiver/tool-search-files';

/** Options of {@link composeRuntime}. */
export interface ComposeOptions {
  /** The workspace folders (absolute paths); the first is the primary root and where the config is looked for. */
  folders: readonly string[];
  /** An explicit config file (the `quiver.configPath` setting), relative to the first folder. */
  configPath?: string;
  /** Approval levels set in VS Code's settings; they win over the config's. */
  approvalOverrides?: Partial<ApprovalSettings>;
  /** The UI ports. */
  ui: HostUi;
  /** The ripgrep binary shipped with the extension, for search_files (unless the config sets one). */
  ripgrepPath?: string;
}

/** A runtime and the config it came from. */
export interface ComposedRuntime {
  readonly runtime: Runtime;
  readonly config: QuiverConfig;
  /** The config file, when one was found. */
  readonly configFile?: string;
  /** The folder relative paths in the config resolve from. */
  readonly configDir: string;
}

/**
 * Compose the runtime for a VS Code window: the workspace's `quiver.config.*` (or the
 * `quiver.configPath` file) with VS Code's approval settings on top; the bundled plugins for
 * the package names they cover and the workspace's installed packages for the rest; the
 * window's folders as workspace roots unless the config names its own.
 * @example
 * const { runtime } = await composeRuntime({ folders: ['/repo'], ui });
 * const result = await runtime.createTask().call('read_file', { path: 'README.md' });
 */
export async function composeRuntime(options: ComposeOptions): Promise<ComposedRuntime> {
  const cwd = options.folders[0];
  // VS Code's Workspace Trust decides before this runs: the extension refuses untrusted folders.
  const loaded = await loadConfig({
    cwd,
    file: options.configPath || undefined,
    presets: VSCODE_PRESETS,
    trusted: true,
    sections: HOST_CONFIG_SECTIONS,
    deferUnknownKeys: true,
  });
  const specs = (loaded.config.plugins ?? DEFAULT_PLUGINS).map(pluginSpec);
  const bundled = specs.filter((s) => BUNDLED_PLUGINS.has(s.name));
  const external = specs.filter((s) => !BUNDLED_PLUGINS.has(s.name));
  const config = withApproval(loaded.config, options.approvalOverrides);
  // Every plugin, bundled or the workspace's own, is added before the config's keys are
  // checked, so a section an installed plugin's manifest declares is accepted.
  const packages = external.map((spec) => ({
    dir: resolvePluginDir(spec.name, { configDir: loaded.dir, configFile: loaded.file, from: [] }),
    options: spec.options ?? {},
  }));
  const runtime = await createRuntime({
    cwd: loaded.dir,
    config,
    ui: options.ui,
    roots: loaded.config.workspaceRoots ? undefined : [...options.folders],
    noConfigPlugins: true,
    plugins: [...bundled.map((s) => ({ plugin: BUNDLED_PLUGINS.get(s.name)!, options: pluginOptions(s, options.ripgrepPath) }))],
    packages,
    // The extension host's inotify queue is shared with every other extension's watchers, whose
    // flood Quiver cannot count: keep the sandbox's masks fresh by stats.
    watchFolders: false,
  });
  return { runtime, config, configFile: loaded.file, configDir: loaded.dir };
}

type PluginSpec = { name: string; options?: Record<string, unknown> };

function pluginSpec(entry: string | PluginSpec): PluginSpec {
  return typeof entry === 'string' ? { name: entry } : entry;
}

function pluginOptions(spec: PluginSpec, ripgrepPath: string | undefined): Record<string, unknown> {
  const options = { ...(spec.options ?? {}) };
  if (spec.name === SEARCH_PLUGIN && ripgrepPath && options.ripgrepPath === undefined) options.ripgrepPath = ripgrepPath;
  return options;
}

/** The config as resolved, its `plugins` handled here, VS Code's approval levels on top. */
function withApproval(config: QuiverConfig, overrides: Partial<ApprovalSettings> | undefined): QuiverConfig {
  const { plugins: _plugins, extends: _extends, ...rest } = config;
  return overrides && Object.keys(overrides).length ? { ...rest, approval: { ...config.approval, ...overrides } } : rest;
}
