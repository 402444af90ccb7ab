import { isAbsolute, resolve } from 'node:path';
import {
  ERROR_CODES,
  isQuiverError,
  coreServices,
  type HostUi,
  type PluginDefinition,
  type IgnoreService,
  type SandboxService,
  type WorkspaceService,
  type ConfigSection,
} from '@quiver/core';
import {
  createHost,
  apiKeyEnvNames,
  checkTrust,
  createProtectedPaths,
  hookScriptFiles,
  trustStorePath,
  untrustedWarning,
  createChildEnvService,
  createMemoryTelemetry,
  loadConfig,
  resolveConfig,
  type Host,
  type ConfigPresets,
  type QuiverConfig,
  type Task,
  type TaskOptions,
  type ToolInfo,
  type LoadedConfig,
} from '@quiver/core/host';
import { createCommandClassifier, createCommandPermissions, resolveCommandPermissionsConfig } from '@quiver/shell';
import { createWorkspace } from '@quiver/workspace';
import { createIgnoreService } from '@quiver/ignore';
import { createSandboxService, sandboxConfigSection } from '@quiver/sandbox';
import { configSectionsWith } from './config-sections/host-config-sections.js';
import { resolvePluginDir, type BundledPackage } from './resolve-plugin.js';
import { registerConfigHooks } from './config-hooks.js';

/** Options of {@link createRuntime}. */
export interface RuntimeOptions {
  /** The working directory: where the config is looked for and the default workspace root. */
  cwd: string;
  /**
   * Let path checks trust what `fs.watch` watchers vouch for (the workspace's folder watches,
   * the ignore files) instead of stat'ing per call. Only for a host that owns its process (the
   * CLI, its MCP server): every `fs.watch` of a process shares one inotify queue, and a flood
   * in a folder only a foreign watcher watches would hide a lost event. The sandbox's masks
   * follow it too (watched folders, or a stat of each before every command). @default false
   */
  watchFolders?: boolean;
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
  /**
   * Plugin modules bundled into the host, by package name: a default or configured package of
   * that name and version is imported from here instead of its folder (manifests are still
   * read from the folder). A name no folder provides is taken from the entry's `manifestDir`
   * (a host that ships the plugin only in its bundle).
   */
  bundledPlugins?: ReadonlyMap<string, BundledPackage>;
  /** In-memory plugins to add (tests, bundled distributions). */
  plugins?: { plugin: PluginDefinition; options?: Record<string, unknown> }[];
  /**
   * Plugin packages to add by folder (a host that resolves its plugins itself, as VS Code
   * does), with `plugins`: before the config's top-level keys are checked, so their manifests'
   * sections count.
   */
  packages?: { dir: string; options?: Record<string, unknown> }[];
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
  /**
   * Whether the user trusts the folder `cwd` (SPEC W1–W3). Its found config applies in full
   * only then; otherwise nothing the folder provides is imported (no module config, no plugin
   * from its `node_modules` or paths) and only the config's safe part applies, with one warning.
   * An inline `config` or a `configFile` is the caller's own and always applies.
   * @default the trust store's answer for `cwd` (`checkTrust`)
   */
  trusted?: boolean;
  /** Where the untrusted-config warning goes. @default a line on stderr */
  onWarning?(message: string): void;
  /**
   * Config sections the host accepts besides core's keys and {@link HOST_CONFIG_SECTIONS}
   * (its own settings, a bundled plugin's section). A key no section claims is a config error.
   */
  sections?: readonly ConfigSection[];
}

/** A composed runtime: the host plus the services and config it was built from. */
export interface Runtime {
  readonly host: Host;
  readonly config: QuiverConfig;
  readonly configFile?: string;
  /** Whether the workspace folder's config applied in full (trusted, or the caller's own config). */
  readonly trusted: boolean;
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
  const host = createHost({ ui: options.ui, approval: config.approval, tools: config.tools, bundledPlugins: options.bundledPlugins });
  const { workspace, ignore, sandbox } = await provideServices(host, loaded, options);
  const ignored = [...(loaded.ignored ?? []), ...addConfigPlugins(host, loaded, options)];
  if (ignored.length)
    (options.onWarning ?? ((m: string) => process.stderr.write(`quiver: ${m}\n`)))(untrustedWarning(workspace.primary.path, ignored));
  const dispose = async () => {
    (ignore as { dispose?: () => void }).dispose?.();
    // The workspace's folder watches (and the descriptors held on the roots).
    (workspace as { dispose?: () => void }).dispose?.();
    await sandbox.dispose?.();
    await host.dispose();
  };
  try {
    for (const p of options.plugins ?? []) host.registry.addPlugin(p.plugin, p.options);
    for (const p of options.packages ?? []) host.registry.addPackage(p.dir, p.options ?? {});
    // A key no host section claimed must be a section one of the plugins declares (its manifest says, nothing imported).
    host.registry.checkConfigKeys(
      loaded.unclaimed,
      configSectionsWith(options.sections).map((s) => s.key),
    );
    // Hook-only plugins (no tools) load now, so their taps are in place before the first task.
    await host.registry.ready();
    await registerConfigHooks(host, config, { configFile: loaded.file, configDir: loaded.dir, cwd: workspace.primary.path, sandbox });
  } catch (error) {
    // Nothing is handed back, so nothing else could end the services (watchers, a sandbox).
    await dispose();
    throw error;
  }

  return {
    host,
    config,
    configFile: loaded.file,
    trusted: loaded.trusted === true,
    workspace,
    tools: () => host.registry.list(),
    createTask: (taskOptions) => host.createTask({ cwd: workspace.primary.path, ...taskOptions }),
    dispose,
  };
}

/** The config as given (resolving its `extends`) or as found from `cwd`, with its folder. */
async function loadRuntimeConfig(options: RuntimeOptions): Promise<LoadedConfig> {
  const sections = configSectionsWith(options.sections);
  if (options.config === undefined) {
    const trusted = options.configFile !== undefined || (options.trusted ?? checkTrust(options.cwd).trusted);
    // Plugins' sections are known once their manifests are read: their keys are checked then.
    const loaded = await loadConfig({
      cwd: options.cwd,
      file: options.configFile,
      presets: options.presets,
      trusted,
      sections,
      deferUnknownKeys: true,
    });
    return { ...loaded, trusted };
  }
  const dir = resolve(options.cwd);
  const unclaimed = new Map<string, string>();
  const { config } = await resolveConfig(options.config, { dir, presets: options.presets, sections, unclaimed });
  return { config, file: undefined, dir, trusted: true, ...(unclaimed.size ? { unclaimed } : {}) };
}

/** Provide the default services: config, workspace, ignore rules, permissions, classifier, telemetry, sandbox. */
async function provideServices(
  host: Host,
  loaded: LoadedConfig,
  options: RuntimeOptions,
): Promise<{ workspace: WorkspaceService; ignore: IgnoreService; sandbox: SandboxService }> {
  const { config } = loaded;
  const rootSpecs = options.roots?.length ? options.roots : (config.workspaceRoots ?? [options.cwd]);
  const roots = rootSpecs.map((r) => (typeof r === 'string' ? abs(r, loaded.dir) : { name: r.name, path: abs(r.path, loaded.dir) }));
  const workspace = await createWorkspace(roots, { watch: options.watchFolders === true });
  const ignore = await createIgnoreService(workspace, { fileName: config.ignoreFile });
  const permissionsConfig = resolveCommandPermissionsConfig(config.commandPermissions);
  host.container.provideValue(coreServices.config, { config, file: loaded.file, dir: loaded.dir });
  host.container.provideValue(coreServices.protectedPaths, protectedPaths(loaded, workspace));
  host.container.provideValue(coreServices.trust, { trusted: loaded.trusted === true, folder: workspace.primary.path });
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
  const sandbox = createSandboxService({
    settings: sandboxConfigSection.of(config),
    roots: workspace.roots.map((r) => r.path),
    ignore,
    protectedFiles: loaded.file ? [loaded.file] : [],
    watchFolders: options.watchFolders === true,
    warn: (message) => void Promise.resolve(options.ui.say('error', message)).catch(() => undefined),
  });
  host.container.provideValue(coreServices.sandbox, sandbox);
  return { workspace, ignore, sandbox };
}

/**
 * Register the config's plugin packages (manifests only), or the default ones when it names
 * none. Returns the plugins an untrusted folder named that the host does not have.
 */
function addConfigPlugins(host: Host, loaded: LoadedConfig, options: RuntimeOptions): string[] {
  const skipped: string[] = [];
  const fromDefaults = !loaded.config.plugins;
  const specs = options.noConfigPlugins ? [] : (loaded.config.plugins ?? options.defaultPlugins ?? []);
  for (const [index, spec] of specs.entries()) {
    const name = typeof spec === 'string' ? spec : spec.name;
    let dir: string;
    try {
      // The defaults are the host's own (W3); an untrusted folder's picks come from the host too (W1).
      dir = resolvePluginDir(name, {
        configDir: loaded.dir,
        configFile: loaded.file,
        from: options.resolveFrom ?? [],
        hostOnly: fromDefaults || loaded.trusted !== true,
        bundled: options.bundledPlugins,
      });
    } catch (e) {
      // The default preset names every first-party tool; a trimmed install simply has fewer.
      if (fromDefaults && isQuiverError(e) && e.code === ERROR_CODES.PLUGIN_NOT_FOUND) continue;
      // A plugin only the folder has (its node_modules) is the folder's code: not loaded untrusted.
      if (loaded.trusted !== true && isQuiverError(e) && e.code === ERROR_CODES.PLUGIN_NOT_FOUND) {
        skipped.push(`plugins: ${name} (not part of this Quiver installation; the folder's own packages load only when trusted)`);
        continue;
      }
      throw e;
    }
    host.registry.addPackage(dir, typeof spec === 'string' ? {} : (spec.options ?? {}), {
      file: loaded.file,
      key: fromDefaults ? `options of ${name}` : `plugins.${index}.options`,
    });
  }
  return skipped;
}

/** E1: the config in use and the files it extends, the hook scripts it names, the trust store. */
function protectedPaths(loaded: LoadedConfig, workspace: WorkspaceService) {
  const config = loaded.file ? [{ path: loaded.file, why: 'the Quiver config in use' }] : [];
  const layers = (loaded.layers ?? []).filter((l) => isAbsolute(l)).map((path) => ({ path, why: 'a file the Quiver config extends' }));
  const hooks = hookScriptFiles(loaded.config.hooks, loaded.dir, workspace.primary.path).map((path) => ({
    path,
    why: 'a hook script the Quiver config runs',
  }));
  const store = { path: trustStorePath(), why: "Quiver's trust store" };
  return createProtectedPaths({ roots: workspace.roots.map((r) => r.path), files: [...config, ...layers, ...hooks, store] });
}

function abs(p: string, dir: string): string {
  return isAbsolute(p) ? p : resolve(dir, p);
}
