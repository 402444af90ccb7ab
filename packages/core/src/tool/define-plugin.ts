import type { z } from 'zod';
import { quiverError, ERROR_CODES, type ErrorCodes } from '../errors.js';
import type { ServiceLocator, ServiceRef } from '../container/service-ref.js';
import type { ConfigSection } from '../config/config-section.js';
import type { HookBus } from '../hooks/hook-bus.js';
import { API_VERSION, isToolDefinition, type ToolDefinition } from './define-tool.js';

/** What a plugin's `register` receives: a place to provide services and tap hooks. */
export interface PluginContext<O = Readonly<Record<string, unknown>>> {
  /** The plugin's package name. */
  readonly name: string;
  /** The plugin's options from the config, parsed by its `options` schema when it declares one. */
  readonly options: Readonly<O>;
  /** Register a service under a ref (root scope unless the ref says otherwise). */
  provide<T>(ref: ServiceRef<T>, factory: (services: ServiceLocator) => T, options?: { dispose?: (service: T) => unknown }): void;
  /** The host's hook bus; every tap names this plugin. */
  readonly hooks: HookBus;
  /**
   * The host's root services (workspace, ignore rules...). Read them when a hook fires, not
   * in `register()`: a host may provide some after its plugins registered.
   */
  readonly services: ServiceLocator;
}

/** Everything `definePlugin` takes. */
export interface PluginSpec<O extends z.ZodType = z.ZodType<Readonly<Record<string, unknown>>>> {
  /** The package name, e.g. `@quiver/tool-read-file` or `quiver-tool-acme`. */
  name: string;
  /** The tools the plugin registers; names must match the manifest's `tools`. */
  tools: ToolDefinition[];
  /**
   * The schema of the plugin's options (`plugins: [{ name, options }]` in the config), a zod
   * object. Parsed once when the plugin loads; a bad value is a config error naming the file,
   * the plugin and the key. Tools and `register()` receive the parsed value.
   * @default no schema: options are passed as written
   */
  options?: O;
  /**
   * The error codes the plugin raises, from `defineErrorCodes(name, ...)`. The host's error
   * catalogue is generated from these; a code another loaded package declares is refused.
   */
  errors?: ErrorCodes;
  /**
   * The top-level config sections the plugin owns (`defineConfigSection`), e.g. an `acmeDeploy`
   * key shared by its tools. List their keys in the manifest's `quiver.sections` too, so a host
   * accepts them before the plugin is imported. Each value is parsed by its schema when the
   * plugin loads (a bad value is a config error naming the file, the plugin and the key);
   * `section.of(config)` then gives the parsed value. A key no loaded plugin declares stays an
   * unknown-key error. From a folder the user has not trusted, a plugin's section is left out.
   * @default none
   */
  sections?: readonly ConfigSection[];
  /** Optional wiring: services and hook taps. Runs once per host, when the plugin loads. */
  register?(context: PluginContext<z.output<O>>): void | Promise<void>;
}

/** A declared plugin: frozen and branded with the API version. */
export interface PluginDefinition<O extends z.ZodType = z.ZodType<Readonly<Record<string, unknown>>>> extends Readonly<PluginSpec<O>> {
  readonly $$type: 'quiver.plugin';
  readonly apiVersion: typeof API_VERSION;
}

/** True for a value made by {@link definePlugin}, whichever copy of core made it. */
export function isPluginDefinition(value: unknown): value is PluginDefinition {
  return typeof value === 'object' && value !== null && (value as { $$type?: unknown }).$$type === 'quiver.plugin';
}

/**
 * Declare a plugin: the default export of a plugin package's entry.
 * @example
 * export default definePlugin({ name: 'quiver-tool-echo', tools: [echo] });
 */
export function definePlugin<O extends z.ZodType = z.ZodType<Readonly<Record<string, unknown>>>>(spec: PluginSpec<O>): PluginDefinition<O> {
  const seen = new Set<string>();
  for (const tool of spec.tools) {
    if (!isToolDefinition(tool)) {
      throw quiverError(
        ERROR_CODES.PLUGIN_EXPORT_MISMATCH,
        `Plugin '${spec.name}' lists something that is not a tool made by defineTool().`,
        { plugin: spec.name },
      );
    }
    if (seen.has(tool.name)) {
      throw quiverError(ERROR_CODES.TOOL_DUPLICATE, `Plugin '${spec.name}' registers tool '${tool.name}' twice.`, {
        plugin: spec.name,
        tool: tool.name,
      });
    }
    seen.add(tool.name);
  }
  const keys = new Set<string>();
  for (const section of spec.sections ?? []) {
    if (keys.has(section.key)) {
      throw quiverError(ERROR_CODES.CONFIG_INVALID, `Plugin '${spec.name}' declares config section '${section.key}' twice.`, {
        plugin: spec.name,
        key: section.key,
      });
    }
    keys.add(section.key);
  }
  return Object.freeze({
    ...spec,
    tools: Object.freeze([...spec.tools]) as ToolDefinition[],
    ...(spec.sections ? { sections: Object.freeze([...spec.sections]) } : {}),
    $$type: 'quiver.plugin' as const,
    apiVersion: API_VERSION,
  });
}
