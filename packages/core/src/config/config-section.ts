import type { z } from 'zod';

/** What a section's {@link ConfigSection.untrusted} rule gets: where the config sits, and a way to say what it left out. */
export interface UntrustedContext {
  /** The folder being opened (real path). */
  folder: string;
  /** The config's folder: relative paths in it resolve from here. */
  dir: string;
  /** Record one thing left out, human-readable (`mcp.token`, `sandbox.mode = "off"`). */
  ignore(what: string): void;
}

/**
 * One top-level config section a package owns (`sandbox`, `mcpServers`, …): core's config
 * schema knows only its own keys, and a host assembles the whole schema from core's part plus
 * the sections of the packages and plugins it carries (see `configSchemaFor`). An unknown
 * top-level key is still a config error naming the file and the key.
 */
export interface ConfigSection<S extends z.ZodType = z.ZodType> {
  /** The top-level key, e.g. `sandbox`. */
  readonly key: string;
  /** The value's schema (make objects `.strict()` so a misspelt key is an error). */
  readonly schema: S;
  /**
   * The part of the value an untrusted folder's config keeps (SPEC W1–W2): return what stays
   * (undefined drops the section) and `ctx.ignore()` each thing left out. Without a rule the
   * whole section is left out of an untrusted config and listed once by its key.
   */
  untrusted?(value: z.output<S>, ctx: UntrustedContext): unknown;
  /** The section's value in a validated config (undefined when the config has none). */
  of(config: { readonly [key: string]: unknown }): z.output<S> | undefined;
}

/**
 * Declare a config section.
 * @example
 * export const sandboxConfigSection = defineConfigSection({ key: 'sandbox', schema: sandboxSettingsSchema });
 * const settings = sandboxConfigSection.of(runtime.config); // typed
 */
export function defineConfigSection<S extends z.ZodType>(section: Omit<ConfigSection<S>, 'of'>): ConfigSection<S> {
  const { key } = section;
  return Object.freeze({ ...section, of: (config: { readonly [key: string]: unknown }) => config[key] as z.output<S> | undefined });
}
