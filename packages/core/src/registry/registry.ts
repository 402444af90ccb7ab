import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QuiverContainer } from '../container/create-container.js';
import { buildErrorCatalogue, ERROR_CODES, isQuiverError, quiverError } from '../errors.js';
import type { HookBus } from '../hooks/hook-bus.js';
import type { ToolSource } from '../executor/call-context.js';
import { isPluginDefinition, type PluginDefinition } from '../tool/define-plugin.js';
import type { ToolDefinition } from '../tool/define-tool.js';
import { describeTool, type ToolDescriptor } from '../tool/describe-tool.js';
import { manifestTools, isValidToolName, type Manifest } from './manifest-schema.js';
import { readPluginPackage } from './read-plugin-package.js';
import { readToolDescriptors } from './read-tool-descriptors.js';
import { parsePluginOptions, type PluginOptionsSource } from './parse-plugin-options.js';
import { applyPluginSections, checkSectionKeys } from './apply-plugin-sections.js';
import { checkUnclaimedKeys } from '../config/validate-config.js';
import { configSchema } from '../config/config-schema.js';

/** A tool as listed from manifests, before its plugin is imported. */
export interface ToolInfo {
  name: string;
  /** The plugin package that registers it. */
  package: string;
  description?: string;
  /** Hidden tools are callable by other tools but not offered to the model. */
  hidden: boolean;
  /** An agent-loop tool (see `offeredTools`); from the manifest, or the definition once loaded. */
  loop: boolean;
  /** What a host must have to offer the tool (see `offeredTools`). */
  requires: readonly string[];
}

/** How the config shapes one tool. */
export interface ToolSettings {
  enabled?: boolean;
  hidden?: boolean;
  /** When two plugins register this name, the package that wins. */
  from?: string;
}

/**
 * A plugin module a host carries in its own bundle: used instead of importing the package's
 * entry when a package of that name and exactly that version is added, so the bundled host
 * and the plugin share one copy of core and zod (and the host skips loading them again).
 */
export interface BundledPlugin {
  /** The package version the bundle was built from. */
  version: string;
  /** Import the bundled module (its default export is the `definePlugin()` value). */
  load(): Promise<{ default?: unknown }>;
  /**
   * The package's `quiver` manifest as JSON text, already checked against this core (the
   * host's build ran `checkPluginManifest` on it). A package of this name and version whose
   * manifest is exactly this text is not checked again at start-up (a zod parse and a semver
   * range per plugin); any other is checked in full.
   */
  manifest?: string;
}

/** Options of {@link createRegistry}. */
export interface RegistryOptions {
  /** The running core's version (for the manifest's `core` range). */
  coreVersion: string;
  container: QuiverContainer;
  hooks: HookBus;
  /** Per-tool settings from the config. */
  tools?: Readonly<Record<string, ToolSettings>>;
  /** Plugin modules bundled into the host, by package name (see {@link BundledPlugin}). */
  bundled?: ReadonlyMap<string, BundledPlugin>;
}

/** Who offers a tool name. `hidden` is known up front for in-memory plugins; for packages, once their module loads. */
interface Owner {
  entry: Entry;
  description?: string;
  hidden?: boolean;
  loop?: boolean;
  requires?: readonly string[];
}

interface Entry {
  package: string;
  version?: string;
  dir?: string;
  manifest?: Manifest;
  /** As written until the plugin loads, then as its `options` schema parsed them. */
  options: Readonly<Record<string, unknown>>;
  /** Where the options were written (for errors). */
  source?: PluginOptionsSource;
  definition?: PluginDefinition;
  /** An in-memory plugin's definition, known when it was added. */
  plugin?: PluginDefinition;
  loading?: Promise<PluginDefinition>;
  /** The generated descriptors of a package, read on first need (the manifest's `descriptors`). */
  descriptors?: Map<string, ToolDescriptor>;
}

/** The plugin registry: lists tools from manifests, imports a plugin on first use. */
export interface Registry extends ToolSource {
  /**
   * Add a plugin package from its folder (reads `package.json` only). Its options are parsed
   * by its schema when it loads; `source` names where they were written, for errors.
   */
  addPackage(dir: string, options?: Record<string, unknown>, source?: PluginOptionsSource): void;
  /** Add an in-memory plugin (tests, distributions that bundle their plugins); a bad option throws now. */
  addPlugin(plugin: PluginDefinition, options?: Record<string, unknown>, source?: PluginOptionsSource): void;
  /** Every enabled tool, from manifests (no import). */
  list(options?: { includeHidden?: boolean }): ToolInfo[];
  /** Import every plugin and return the enabled tools' definitions. */
  loadAll(options?: { includeHidden?: boolean }): Promise<ToolDefinition[]>;
  /**
   * A tool as data (JSON Schema, description, annotations, …): from the package's generated
   * descriptors when its manifest names them (nothing imported), else from its definition
   * (importing the plugin). Undefined for an unknown or disabled tool.
   */
  describe(name: string): Promise<ToolDescriptor | undefined>;
  /** {@link Registry.describe} for every enabled tool (visible ones unless `includeHidden`). */
  describeAll(options?: { includeHidden?: boolean }): Promise<ToolDescriptor[]>;
  /** Package names whose module has been imported. */
  loadedPackages(): string[];
  /**
   * Refuse the config keys no host section claimed (`LoadedConfig.unclaimed`: key → file) that
   * no added plugin owns either — the manifests' `quiver.sections`, an in-memory plugin's
   * `sections`; nothing is imported. The error is the unknown-key one, naming the file and key.
   * A plugin section whose key core or one of `hostSections` already owns is refused too (one
   * owner per top-level key).
   */
  checkConfigKeys(unclaimed: ReadonlyMap<string, string> | undefined, hostSections?: readonly string[]): void;
  /**
   * Wait for the plugins that load at start-up: packages whose manifest lists no tools (hook
   * or service plugins) and in-memory plugins without tools. Rejects with the first one's
   * load or `register()` error. Hosts await it before running tasks.
   */
  ready(): Promise<void>;
}

/**
 * Create the plugin registry: tools are listed from manifests without importing any code, and
 * a plugin is imported (and its `register()` run) when one of its tools is first used.
 * @param options - the core version, the container and hook bus plugins register on, and
 * the config's per-tool settings.
 * @example
 * const registry = createRegistry({ coreVersion: CORE_VERSION, container, hooks });
 * registry.addPackage('/path/to/node_modules/@quiver/tool-read-file');
 * const tool = await registry.get('my_tool'); // imports the plugin now
 */
export function createRegistry(options: RegistryOptions): Registry {
  const entries: Entry[] = [];
  const eager: Promise<PluginDefinition>[] = [];
  const owners = new Map<string, Owner>();
  const settings = options.tools ?? {};

  const claim = (entry: Entry, tool: Omit<Owner, 'entry'> & { name: string }) => claimTool(owners, settings, { entry, ...tool });

  const load = async (entry: Entry): Promise<PluginDefinition> => {
    if (entry.definition) return entry.definition;
    entry.loading ??= importPlugin(entry, options);
    entry.definition = await entry.loading;
    return entry.definition;
  };

  const enabled = (name: string, includeHidden: boolean, hiddenByTool: boolean) =>
    settings[name]?.enabled !== false && (includeHidden || !(settings[name]?.hidden ?? hiddenByTool));

  const registry: Registry = {
    addPackage(dir, pluginOptions = {}, source) {
      const entry: Entry = { ...readPluginPackage(dir, pluginOptions, options.coreVersion, options.bundled), source };
      entries.push(entry);
      const tools = manifestTools(entry.manifest!);
      for (const t of tools) claim(entry, t);
      // No tool call would ever import a tool-less plugin (hooks, services only): import it now.
      // Its failure surfaces through ready(), not as an unhandled rejection.
      if (tools.length === 0) startEager(load(entry));
    },
    addPlugin(plugin, pluginOptions = {}, source) {
      if (!isPluginDefinition(plugin))
        throw quiverError(ERROR_CODES.PLUGIN_EXPORT_MISMATCH, 'addPlugin() takes a value made by definePlugin().');
      const entry: Entry = { package: plugin.name, options: parsePluginOptions(plugin, pluginOptions, source), source, plugin };
      applyPluginSections(plugin, options.container);
      entry.loading = registerPlugin(plugin, entry, options);
      // register() runs now, but its failure surfaces at first use: keep it from being an
      // unhandled rejection (which would end the host process) until then.
      entry.loading!.catch(() => {});
      entries.push(entry);
      for (const t of plugin.tools)
        claim(entry, { name: t.name, description: t.description.split('\n')[0], hidden: t.hidden, loop: t.loop, requires: t.requires });
      if (plugin.tools.length === 0) startEager(entry.loading!);
    },
    list({ includeHidden = false } = {}) {
      const defined = (name: string, o: Owner) => o.entry.definition?.tools.find((t) => t.name === name);
      const hiddenByTool = (name: string, o: Owner) => o.hidden ?? describedHidden(o.entry, name) ?? defined(name, o)?.hidden ?? false;
      return [...owners.entries()]
        .filter(([name, o]) => enabled(name, includeHidden, hiddenByTool(name, o)))
        .map(([name, o]) => ({
          name,
          package: o.entry.package,
          description: o.description,
          hidden: settings[name]?.hidden ?? hiddenByTool(name, o),
          // The loaded definition is the truth; the manifest's copy lets hosts decide before loading.
          loop: defined(name, o)?.loop ?? o.loop ?? false,
          requires: defined(name, o)?.requires ?? o.requires ?? [],
        }));
    },
    async get(name) {
      const owner = owners.get(name);
      if (!owner || settings[name]?.enabled === false) return undefined;
      const plugin = await load(owner.entry);
      return plugin.tools.find((t) => t.name === name);
    },
    loaded(name) {
      const owner = owners.get(name);
      if (!owner || settings[name]?.enabled === false) return undefined;
      return owner.entry.definition?.tools.find((t) => t.name === name);
    },
    names: () => [...owners.keys()].filter((n) => settings[n]?.enabled !== false),
    options: (name) => owners.get(name)?.entry.options ?? {},
    settings: (name) => (Object.hasOwn(settings, name) ? settings[name] : undefined),
    async loadAll({ includeHidden = false } = {}) {
      const out: ToolDefinition[] = [];
      for (const [name] of owners) {
        const tool = await registry.get(name);
        if (tool && enabled(name, includeHidden, tool.hidden)) out.push(tool);
      }
      return out;
    },
    async describe(name) {
      const owner = owners.get(name);
      if (!owner || settings[name]?.enabled === false) return undefined;
      const described = descriptorsOf(owner.entry)?.get(name);
      if (described) return described;
      const tool = await registry.get(name);
      return tool && describeTool(tool);
    },
    async describeAll({ includeHidden = false } = {}) {
      const out: ToolDescriptor[] = [];
      for (const info of registry.list({ includeHidden })) {
        const tool = await registry.describe(info.name);
        if (tool && enabled(info.name, includeHidden, tool.hidden)) out.push(tool);
      }
      return out;
    },
    loadedPackages: () => entries.filter((e) => e.definition).map((e) => e.package),
    checkConfigKeys(unclaimed, hostSections = []) {
      const owned = new Map<string, string>();
      for (const e of entries)
        for (const key of e.manifest ? (e.manifest.sections ?? []) : sectionsOf(e)) {
          const other = Object.hasOwn(configSchema.shape, key) || hostSections.includes(key) ? 'the host' : owned.get(key);
          if (other && other !== e.package) {
            throw quiverError(
              ERROR_CODES.CONFIG_INVALID,
              `Config section '${key}' of plugin '${e.package}' is already owned by ${other === 'the host' ? 'core or the host' : `plugin '${other}'`}; each top-level key has one owner. Rename the section.`,
              { plugin: e.package, key },
            );
          }
          owned.set(key, e.package);
        }
      if (unclaimed) checkUnclaimedKeys(unclaimed, new Set(owned.keys()));
    },
    ready: async () => void (await Promise.all(eager)),
  };
  return registry;

  function descriptorsOf(entry: Entry): Map<string, ToolDescriptor> | undefined {
    const file = entry.manifest?.descriptors;
    if (!file || entry.definition) return entry.descriptors;
    entry.descriptors ??= readToolDescriptors(
      entry.dir!,
      entry.package,
      file,
      manifestTools(entry.manifest!).map((t) => t.name),
    );
    return entry.descriptors;
  }

  /** Whether the descriptors hide a tool; unreadable descriptors say nothing here (describe() reports them). */
  function describedHidden(entry: Entry, name: string): boolean | undefined {
    try {
      return descriptorsOf(entry)?.get(name)?.hidden;
    } catch {
      return undefined;
    }
  }

  function startEager(loading: Promise<PluginDefinition>): void {
    loading.catch(() => {});
    eager.push(loading);
  }
}

/**
 * Record that `claim.entry` offers tool `claim.name`. A second package offering the same name
 * fails (`QUIVER_ERR_TOOL_DUPLICATE`) unless the config's `tools.<name>.from` picks one of them.
 */
function claimTool(owners: Map<string, Owner>, settings: Readonly<Record<string, ToolSettings>>, claim: Owner & { name: string }): void {
  const { entry, name } = claim;
  if (!isValidToolName(name)) {
    throw quiverError(
      ERROR_CODES.TOOL_NAME_INVALID,
      `Plugin '${entry.package}' registers tool '${name}', which is not a valid name: names must match ^[a-zA-Z0-9_-]{1,64}$.`,
      { plugin: entry.package, tool: name },
    );
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
  owners.set(name, { entry, description: claim.description, hidden: claim.hidden, loop: claim.loop, requires: claim.requires });
}

async function importPlugin(entry: Entry, options: RegistryOptions): Promise<PluginDefinition> {
  const file = resolve(entry.dir!, entry.manifest!.entry);
  const bundled = options.bundled?.get(entry.package);
  let mod: { default?: unknown };
  try {
    // The host's bundled copy only when it was built from this very version; any other
    // version (a config's own install) is imported from its package as usual.
    mod =
      bundled && bundled.version === entry.version
        ? await bundled.load()
        : ((await import(pathToFileURL(file).href)) as { default?: unknown });
  } catch (cause) {
    throw quiverError(
      ERROR_CODES.PLUGIN_ENTRY_MISSING,
      `Could not import plugin '${entry.package}' from '${file}': ${(cause as Error).message}`,
      { plugin: entry.package, file, cause },
    );
  }
  const plugin = mod.default;
  if (!isPluginDefinition(plugin)) {
    throw quiverError(
      ERROR_CODES.PLUGIN_EXPORT_MISMATCH,
      `Plugin '${entry.package}': '${entry.manifest!.entry}' must default-export definePlugin({...}).`,
      { plugin: entry.package, file },
    );
  }
  const declared = manifestTools(entry.manifest!)
    .map((t) => t.name)
    .sort();
  const exported = plugin.tools.map((t) => t.name).sort();
  if (declared.join() !== exported.join()) {
    throw quiverError(
      ERROR_CODES.PLUGIN_EXPORT_MISMATCH,
      `Plugin '${entry.package}' declares tools [${declared.join(', ')}] in its manifest but exports [${exported.join(', ')}]. Make quiver.tools match the plugin's tools.`,
      { plugin: entry.package, file, key: 'quiver.tools' },
    );
  }
  checkSectionKeys(plugin, entry.manifest!.sections, file);
  entry.options = parsePluginOptions(plugin, entry.options, entry.source);
  applyPluginSections(plugin, options.container);
  return registerPlugin(plugin, entry, options);
}

/** The section keys of an in-memory plugin's entry (its definition is known from the start). */
function sectionsOf(entry: Entry): string[] {
  return (entry.plugin?.sections ?? []).map((s) => s.key);
}

/** Run a plugin's `register()` with its parsed options (`entry.options`). */
async function registerPlugin(plugin: PluginDefinition, entry: Entry, options: RegistryOptions): Promise<PluginDefinition> {
  const name = entry.package;
  // A plugin's codes share one namespace with core's: refuse one that core already declares.
  if (plugin.errors) buildErrorCatalogue([ERROR_CODES, plugin.errors]);
  if (!plugin.register) return plugin;
  try {
    await plugin.register({
      name,
      options: entry.options,
      provide: (ref, factory, opts) => options.container.provide(ref, factory, opts),
      services: { get: (ref) => options.container.get(ref), find: (ref) => options.container.find(ref) },
      hooks: options.hooks,
    });
  } catch (cause) {
    if (isQuiverError(cause)) throw cause;
    throw quiverError(
      ERROR_CODES.PLUGIN_REGISTER_FAILED,
      `Plugin '${name}' failed in register(): ${(cause as Error)?.message ?? String(cause)}. Check the plugin's options in the config, or report it to the plugin's authors.`,
      { plugin: name, cause },
    );
  }
  return plugin;
}
