import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import semver from 'semver';
import type { QuiverContainer } from '../container/create-container.js';
import { ERROR_CODES, isQuiverError, quiverError } from '../errors.js';
import type { HookBus } from '../hooks/hook-bus.js';
import type { ToolSource } from '../executor/call-context.js';
import { isPluginDefinition, type PluginDefinition } from '../tool/define-plugin.js';
import { API_VERSION, type ToolDefinition } from '../tool/define-tool.js';
import { manifestSchema, manifestTools, isValidToolName, type Manifest } from './manifest-schema.js';

/** A tool as listed from manifests, before its plugin is imported. */
export interface ToolInfo {
  name: string;
  /** The plugin package that registers it. */
  package: string;
  description?: string;
  /** Hidden tools are callable by other tools but not offered to the model. */
  hidden: boolean;
}

/** How the config shapes one tool. */
export interface ToolSettings {
  enabled?: boolean;
  hidden?: boolean;
  /** When two plugins register this name, the package that wins. */
  from?: string;
}

/** Options of {@link createRegistry}. */
export interface RegistryOptions {
  /** The running core's version (for the manifest's `core` range). */
  coreVersion: string;
  container: QuiverContainer;
  hooks: HookBus;
  /** Per-tool settings from the config. */
  tools?: Readonly<Record<string, ToolSettings>>;
}

interface Entry {
  package: string;
  dir?: string;
  manifest?: Manifest;
  options: Readonly<Record<string, unknown>>;
  definition?: PluginDefinition;
  loading?: Promise<PluginDefinition>;
}

/** The plugin registry: lists tools from manifests, imports a plugin on first use. */
export interface Registry extends ToolSource {
  /** Add a plugin package from its folder (reads `package.json` only). */
  addPackage(dir: string, options?: Record<string, unknown>): void;
  /** Add an in-memory plugin (tests, distributions that bundle their plugins). */
  addPlugin(plugin: PluginDefinition, options?: Record<string, unknown>): void;
  /** Every enabled tool, from manifests (no import). */
  list(options?: { includeHidden?: boolean }): ToolInfo[];
  /** Import every plugin and return the enabled tools' definitions. */
  loadAll(options?: { includeHidden?: boolean }): Promise<ToolDefinition[]>;
  /** Package names whose module has been imported. */
  loadedPackages(): string[];
  /**
   * Wait for the plugins that load at start-up: packages whose manifest lists no tools (hook
   * or service plugins) and in-memory plugins without tools. Rejects with the first one's
   * load or `register()` error. Hosts await it before running tasks.
   */
  ready(): Promise<void>;
}

/** Create a registry. */
export function createRegistry(options: RegistryOptions): Registry {
  const entries: Entry[] = [];
  const eager: Promise<PluginDefinition>[] = [];
  // `hidden` is known up front for in-memory plugins; for packages, once their module loads.
  const owners = new Map<string, { entry: Entry; description?: string; hidden?: boolean }>();
  const settings = options.tools ?? {};

  const claim = (entry: Entry, name: string, description?: string, hidden?: boolean) => {
    if (!isValidToolName(name)) {
      throw quiverError(ERROR_CODES.TOOL_NAME_INVALID, `Plugin '${entry.package}' registers tool '${name}', which is not a valid name: names must match ^[a-zA-Z0-9_-]{1,64}$.`, { plugin: entry.package, tool: name });
    }
    const existing = owners.get(name);
    if (existing && existing.entry.package !== entry.package) {
      const winner = settings[name]?.from;
      if (winner !== entry.package && winner !== existing.entry.package) {
        throw quiverError(
          ERROR_CODES.TOOL_DUPLICATE,
          `Tool '${name}' is registered by both '${existing.entry.package}' and '${entry.package}'. Remove one plugin, or set tools.${name}.from in the config to the package that should win.`,
          { plugin: entry.package, tool: name, key: `tools.${name}.from` },
        );
      }
      if (winner === existing.entry.package) return;
    }
    owners.set(name, { entry, description, hidden });
  };

  const load = async (entry: Entry): Promise<PluginDefinition> => {
    if (entry.definition) return entry.definition;
    entry.loading ??= importPlugin(entry, options);
    entry.definition = await entry.loading;
    return entry.definition;
  };

  const enabled = (name: string, includeHidden: boolean, hiddenByTool: boolean) =>
    settings[name]?.enabled !== false && (includeHidden || !(settings[name]?.hidden ?? hiddenByTool));

  const registry: Registry = {
    addPackage(dir, pluginOptions = {}) {
      const entry = readPackage(dir, pluginOptions);
      entries.push(entry);
      const tools = manifestTools(entry.manifest!);
      for (const t of tools) claim(entry, t.name, t.description);
      // No tool call would ever import a tool-less plugin (hooks, services only): import it now.
      // Its failure surfaces through ready(), not as an unhandled rejection.
      if (tools.length === 0) startEager(load(entry));
    },
    addPlugin(plugin, pluginOptions = {}) {
      if (!isPluginDefinition(plugin)) throw quiverError(ERROR_CODES.PLUGIN_EXPORT_MISMATCH, 'addPlugin() takes a value made by definePlugin().');
      const entry: Entry = { package: plugin.name, options: Object.freeze({ ...pluginOptions }), loading: registerPlugin(plugin, plugin.name, pluginOptions, options) };
      // register() runs now, but its failure surfaces at first use: keep it from being an
      // unhandled rejection (which would end the host process) until then.
      entry.loading!.catch(() => {});
      entries.push(entry);
      for (const t of plugin.tools) claim(entry, t.name, t.description.split('\n')[0], t.hidden);
      if (plugin.tools.length === 0) startEager(entry.loading!);
    },
    list({ includeHidden = false } = {}) {
      const hiddenByTool = (name: string, o: { entry: Entry; hidden?: boolean }) => o.hidden ?? o.entry.definition?.tools.find((t) => t.name === name)?.hidden ?? false;
      return [...owners.entries()]
        .filter(([name, o]) => enabled(name, includeHidden, hiddenByTool(name, o)))
        .map(([name, o]) => ({ name, package: o.entry.package, description: o.description, hidden: settings[name]?.hidden ?? hiddenByTool(name, o) }));
    },
    async get(name) {
      const owner = owners.get(name);
      if (!owner || settings[name]?.enabled === false) return undefined;
      const plugin = await load(owner.entry);
      return plugin.tools.find((t) => t.name === name);
    },
    names: () => [...owners.keys()].filter((n) => settings[n]?.enabled !== false),
    options: (name) => owners.get(name)?.entry.options ?? {},
    async loadAll({ includeHidden = false } = {}) {
      const out: ToolDefinition[] = [];
      for (const [name] of owners) {
        const tool = await registry.get(name);
        if (tool && enabled(name, includeHidden, tool.hidden)) out.push(tool);
      }
      return out;
    },
    loadedPackages: () => entries.filter((e) => e.definition).map((e) => e.package),
    ready: async () => void (await Promise.all(eager)),
  };
  return registry;

  function startEager(loading: Promise<PluginDefinition>): void {
    loading.catch(() => {});
    eager.push(loading);
  }

  function readPackage(dir: string, pluginOptions: Record<string, unknown>): Entry {
    const pj = join(dir, 'package.json');
    if (!existsSync(pj)) throw quiverError(ERROR_CODES.PLUGIN_NOT_FOUND, `No package.json in plugin folder '${dir}'. Point the config at the plugin package's folder.`, { file: pj });
    let pkg: { name?: string; quiver?: unknown };
    try {
      pkg = JSON.parse(readFileSync(pj, 'utf8')) as typeof pkg;
    } catch (cause) {
      throw quiverError(ERROR_CODES.PLUGIN_MANIFEST_INVALID, `Plugin folder '${dir}' has a package.json that cannot be read: ${(cause as Error).message}. Fix the JSON.`, { file: pj, cause });
    }
    const name = pkg.name ?? dir;
    if (pkg.quiver === undefined) throw quiverError(ERROR_CODES.PLUGIN_MANIFEST_INVALID, `Package '${name}' has no "quiver" field in package.json, so it is not a Quiver plugin. Add { "apiVersion": ${API_VERSION}, "tools": [...], "entry": "./dist/index.js" }.`, { plugin: name, file: pj });
    const parsed = manifestSchema.safeParse(pkg.quiver);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `quiver.${i.path.join('.')}: ${i.message}`).join('; ');
      throw quiverError(ERROR_CODES.PLUGIN_MANIFEST_INVALID, `Package '${name}' has an invalid "quiver" manifest: ${issues}.`, { plugin: name, file: pj });
    }
    const manifest = parsed.data;
    if (manifest.apiVersion !== API_VERSION) {
      throw quiverError(ERROR_CODES.PLUGIN_API_VERSION, `Package '${name}' declares quiver.apiVersion ${manifest.apiVersion}, but this Quiver speaks apiVersion ${API_VERSION}. Use a version of the plugin built for apiVersion ${API_VERSION}.`, { plugin: name, file: pj, key: 'quiver.apiVersion' });
    }
    if (manifest.core && !semver.satisfies(options.coreVersion, manifest.core, { includePrerelease: true })) {
      throw quiverError(ERROR_CODES.PLUGIN_CORE_RANGE, `Package '${name}' supports @quiver/core ${manifest.core}, but this is @quiver/core ${options.coreVersion}. Upgrade or downgrade the plugin to one that supports it.`, { plugin: name, file: pj, key: 'quiver.core' });
    }
    if (!existsSync(resolve(dir, manifest.entry))) {
      throw quiverError(ERROR_CODES.PLUGIN_ENTRY_MISSING, `Package '${name}' names entry '${manifest.entry}', which does not exist. Build the plugin, or fix quiver.entry.`, { plugin: name, file: resolve(dir, manifest.entry), key: 'quiver.entry' });
    }
    return { package: name, dir, manifest, options: Object.freeze({ ...pluginOptions }) };
  }
}

async function importPlugin(entry: Entry, options: RegistryOptions): Promise<PluginDefinition> {
  const file = resolve(entry.dir!, entry.manifest!.entry);
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (cause) {
    throw quiverError(ERROR_CODES.PLUGIN_ENTRY_MISSING, `Could not import plugin '${entry.package}' from '${file}': ${(cause as Error).message}`, { plugin: entry.package, file, cause });
  }
  const plugin = mod.default;
  if (!isPluginDefinition(plugin)) {
    throw quiverError(ERROR_CODES.PLUGIN_EXPORT_MISMATCH, `Plugin '${entry.package}': '${entry.manifest!.entry}' must default-export definePlugin({...}).`, { plugin: entry.package, file });
  }
  const declared = manifestTools(entry.manifest!).map((t) => t.name).sort();
  const exported = plugin.tools.map((t) => t.name).sort();
  if (declared.join() !== exported.join()) {
    throw quiverError(ERROR_CODES.PLUGIN_EXPORT_MISMATCH, `Plugin '${entry.package}' declares tools [${declared.join(', ')}] in its manifest but exports [${exported.join(', ')}]. Make quiver.tools match the plugin's tools.`, { plugin: entry.package, file, key: 'quiver.tools' });
  }
  return registerPlugin(plugin, entry.package, entry.options, options);
}

async function registerPlugin(plugin: PluginDefinition, name: string, pluginOptions: Record<string, unknown>, options: RegistryOptions): Promise<PluginDefinition> {
  if (!plugin.register) return plugin;
  try {
    await plugin.register({
      name,
      options: Object.freeze({ ...pluginOptions }),
      provide: (ref, factory, opts) => options.container.provide(ref, factory, opts),
      services: { get: options.container.get, find: options.container.find },
      hooks: options.hooks,
    });
  } catch (cause) {
    if (isQuiverError(cause)) throw cause;
    throw quiverError(ERROR_CODES.PLUGIN_REGISTER_FAILED, `Plugin '${name}' failed in register(): ${(cause as Error)?.message ?? String(cause)}. Check the plugin's options in the config, or report it to the plugin's authors.`, { plugin: name, cause });
  }
  return plugin;
}

/** The folder of a resolved package.json path. */
export const packageDir = (packageJsonPath: string): string => dirname(packageJsonPath);
