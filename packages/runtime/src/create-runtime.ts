import { isAbsolute, resolve } from 'node:path';
import {
  ERROR_CODES,
  isQuiverError,
  coreServices,
  createHost,
  apiKeyEnvNames,
  createChildEnvService,
  createMemoryTelemetry,
  loadConfig,
  resolveConfig,
  type Host,
  type HostUi,
  type ConfigPresets,
  type PluginDefinition,
  type QuiverConfig,
  type Task,
  type TaskOptions,
  type ToolInfo,
  type IgnoreService,
  type LoadedConfig,
  type WorkspaceService,
} from '@quiver/core';
import { createCommandClassifier, createCommandPermissions, resolveCommandPermissionsConfig } from '@quiver/shell';
import { createWorkspace } from '@quiver/workspace';
import { createIgnoreService } from '@quiver/ignore';
import { resolvePluginDir } from './resolve-plugin.js';
import { registerConfigHooks } from './config-hooks.js';

/** Options of {@link createRuntime}. */
export interface RuntimeOptions {
  /** The working directory: where the config is looked for and the default workspace root. */
  cwd: string;
  /** An explicit config file (`--config`). */
  configFile?: string;
  /** A config object instead of a file (tests, distributions). */
  config?: unknown;
  /** The host's UI ports. */
  ui: HostUi;
  /** Named presets the config's `extends` may name (the CLI offers `quiver:default`). */
  presets?: ConfigPresets;
  /** Plugin package names used when the config names none (the default preset). */
  defaultPlugins?: string[];
  /** Folders to resolve plugin package names from (the host app's folder). */
  resolveFrom?: string[];
  /** In-memory plugins to add (tests, bundled distributions). */
  plugins?: { plugin: PluginDefinition; options?: Record<string, unknown> }[];
  /** Skip loading the config's plugins (when `plugins` supplies them all). */
  noConfigPlugins?: boolean;
  /**
   * Workspace roots that replace the config's `workspaceRoots` (absolute paths), e.g. the
   * roots an MCP client sends. The first is the primary root.
   */
  roots?: (string | { name?: string; path: string })[];
  /**
   * Names of environment variables holding credentials the host uses (provider keys, the MCP
   * token); no command or hook gets them (SPEC C1). Every `apiKeyEnv` in the config is added.
   */
  credentialEnv?: string[];
}

/** A composed runtime: the host plus the services and config it was built from. */
export interface Runtime {
  readonly host: Host;
  readonly config: QuiverConfig;
  readonly configFile?: string;
  readonly workspace: WorkspaceService;
  /** The tools offered (from manifests; nothing imported). */
  tools(): ToolInfo[];
  createTask(options?: TaskOptions): Task;
  dispose(): Promise<void>;
}

/**
 * Compose a runtime: load and validate the config, provide the default services (workspace,
 * ignore rules, command permissions, classifier, telemetry), register the plugins (manifests
 * only; modules load on first use) and the config's external hooks.
 * @example
 * const rt = await createRuntime({ cwd: process.cwd(), ui, defaultPlugins: ['@quiver/tool-read-file'] });
 * const result = await rt.createTask().call('read_file', { path: 'README.md' });
 */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const loaded = await loadRuntimeConfig(options);
  const { config } = loaded;
  const host = createHost({ ui: options.ui, approval: config.approval, tools: config.tools });
  const { workspace, ignore } = await provideServices(host, loaded, options);
  addConfigPlugins(host, loaded, options);
  for (const p of options.plugins ?? []) host.registry.addPlugin(p.plugin, p.options);
  // Hook-only plugins (no tools) load now, so their taps are in place before the first task.
  await host.registry.ready();
  await registerConfigHooks(host, config, { configFile: loaded.file, configDir: loaded.dir, cwd: workspace.primary.path });

  return {
    host,
    config,
    configFile: loaded.file,
    workspace,
    tools: () => host.registry.list(),
    createTask: (taskOptions) => host.createTask({ cwd: workspace.primary.path, ...taskOptions }),
    async dispose() {
      (ignore as { dispose?: () => void }).dispose?.();
      await host.dispose();
    },
  };
}

/** The config as given (resolving its `extends`) or as found from `cwd`, with its folder. */
async function loadRuntimeConfig(options: RuntimeOptions): Promise<LoadedConfig> {
  if (options.config === undefined) return loadConfig({ cwd: options.cwd, file: options.configFile, presets: options.presets });
  const dir = resolve(options.cwd);
  const { config } = await resolveConfig(options.config, { dir, presets: options.presets });
  return { config, file: undefined, dir };
}

/** Provide the default services: config, workspace, ignore rules, permissions, classifier, telemetry. */
async function provideServices(host: Host, loaded: LoadedConfig, options: RuntimeOptions): Promise<{ workspace: WorkspaceService; ignore: IgnoreService }> {
  const { config } = loaded;
  const rootSpecs = options.roots?.length ? options.roots : (config.workspaceRoots ?? [options.cwd]);
  const roots = rootSpecs.map((r) => (typeof r === 'string' ? abs(r, loaded.dir) : { name: r.name, path: abs(r.path, loaded.dir) }));
  const workspace = await createWorkspace(roots);
  const ignore = await createIgnoreService(workspace, { fileName: config.ignoreFile });
  const permissionsConfig = resolveCommandPermissionsConfig(config.commandPermissions);
  host.container.provideValue(coreServices.config, { config, file: loaded.file, dir: loaded.dir });
  host.container.provideValue(coreServices.workspace, workspace);
  host.container.provideValue(coreServices.ignore, ignore);
  host.container.provideValue(coreServices.permissions, createCommandPermissions(permissionsConfig));
  host.container.provideValue(coreServices.commandClassifier, createCommandClassifier());
  host.container.provideValue(coreServices.telemetry, createMemoryTelemetry());
  host.container.provideValue(
    coreServices.childEnv,
    createChildEnvService({
      credentials: [...(options.credentialEnv ?? []), ...apiKeyEnvNames(config)],
      stripEnv: config.commands?.stripEnv,
      passEnv: config.commands?.passEnv,
    }),
  );
  return { workspace, ignore };
}

/** Register the config's plugin packages (manifests only), or the default ones when it names none. */
function addConfigPlugins(host: Host, loaded: LoadedConfig, options: RuntimeOptions): void {
  const fromDefaults = !loaded.config.plugins;
  const specs = options.noConfigPlugins ? [] : (loaded.config.plugins ?? options.defaultPlugins ?? []);
  for (const spec of specs) {
    const name = typeof spec === 'string' ? spec : spec.name;
    let dir: string;
    try {
      dir = resolvePluginDir(name, { configDir: loaded.dir, configFile: loaded.file, from: options.resolveFrom ?? [] });
    } catch (e) {
      // The default preset names every first-party tool; a trimmed install simply has fewer.
      if (fromDefaults && isQuiverError(e) && e.code === ERROR_CODES.PLUGIN_NOT_FOUND) continue;
      throw e;
    }
    host.registry.addPackage(dir, typeof spec === 'string' ? {} : (spec.options ?? {}));
  }
}

function abs(p: string, dir: string): string {
  return isAbsolute(p) ? p : resolve(dir, p);
}
