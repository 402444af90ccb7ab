import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '../errors.js';
import type { QuiverConfig, QuiverConfigInput } from './config-schema.js';
import { findConfigPackage } from './find-config-package.js';
import { mergeConfigs, stripSpread } from './merge-configs.js';
import { readConfigFile } from './read-config-file.js';
import { rebaseConfig } from './rebase-config.js';
import { validateConfig } from './validate-config.js';
import type { ConfigSection } from './config-section.js';

/** Named presets a host offers to `extends` (the CLI offers `quiver:default`). */
export type ConfigPresets = Readonly<Record<string, QuiverConfigInput>>;

/** Options of {@link resolveConfig}. */
export interface ResolveConfigOptions {
  /** The config's folder: `extends` paths and package names are resolved from here. */
  dir: string;
  /** The config's file, named in errors. */
  file?: string;
  /** Named presets (`quiver:default`), looked up before packages. */
  presets?: ConfigPresets;
  /**
   * Read bases as data only (an untrusted folder, SPEC W1): a base that is not JSON is not
   * imported; a line naming it is pushed here instead.
   */
  dataOnly?: string[];
  /** The sections the host's packages and plugins own (see `configSchemaFor`). @default none: core's keys only */
  sections?: readonly ConfigSection[];
  /**
   * Keep top-level keys no section claims and record them here (key → file), as
   * `validateConfig` does, instead of refusing them. @default refuse them
   */
  unclaimed?: Map<string, string>;
}

/** A resolved config and the layers it was built from. */
export interface ResolvedConfig {
  config: QuiverConfig;
  /** What `extends` pulled in, in the order applied (preset names and absolute files). */
  layers: string[];
}

interface Layer {
  /** A preset name or an absolute file. */
  id: string;
  raw: unknown;
  /** The folder its own `extends` resolve from. */
  dir: string;
}

/**
 * Validate a raw config after applying its `extends` chain: each base is loaded (a named
 * preset, another config file, or a package whose default export is a config), its own
 * `extends` applied first, and the layers merged with {@link mergeConfigs} (later wins,
 * objects merge deeply, arrays are replaced unless they start with `"..."`). Each layer is
 * validated on its own first, so an error names the file that has it.
 * @example
 * const { config } = await resolveConfig({ extends: 'quiver:default', tools: { my_tool: { enabled: false } } }, { dir, presets });
 */
export async function resolveConfig(raw: unknown, options: ResolveConfigOptions): Promise<ResolvedConfig> {
  if (extendsOf(raw).length === 0)
    return { config: validateConfig(stripSpread(raw), options.file, options.sections, options.unclaimed), layers: [] };
  const self: Layer = { id: options.file ?? '<inline config>', raw, dir: options.dir };
  const layers = await expand(self, options, []);
  const merged = mergeConfigs(...layers.map((l) => withoutExtends(l.raw)));
  return {
    config: validateConfig(merged, options.file, options.sections, options.unclaimed),
    layers: layers.slice(0, -1).map((l) => l.id),
  };
}

/** A layer's bases (depth first, in order) followed by the layer itself. */
async function expand(layer: Layer, options: ResolveConfigOptions, chain: string[]): Promise<Layer[]> {
  validateConfig(stripSpread(layer.raw), layer.id, options.sections, options.unclaimed);
  const specs = extendsOf(layer.raw);
  const out: Layer[] = [];
  for (const spec of specs) {
    const base = await loadBase(spec, layer, options);
    if ([...chain, layer.id].includes(base.id)) {
      throw quiverError(
        ERROR_CODES.CONFIG_EXTENDS,
        `Config ${layer.id} extends '${spec}', which extends it back (${[...chain, layer.id, base.id].join(' → ')}). Remove one of the extends.`,
        {
          file: options.file,
          key: 'extends',
        },
      );
    }
    out.push(...(await expand(base, options, [...chain, layer.id])));
  }
  out.push(layer);
  return out;
}

function extendsOf(raw: unknown): string[] {
  const value = (raw as { extends?: unknown } | undefined)?.extends;
  if (value === undefined) return [];
  return Array.isArray(value) ? (value as string[]) : [value as string];
}

function withoutExtends(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const { extends: _extends, ...rest } = raw as Record<string, unknown>;
  return rest;
}

async function loadBase(spec: string, from: Layer, options: ResolveConfigOptions): Promise<Layer> {
  const preset = options.presets?.[spec];
  if (preset !== undefined) return { id: spec, raw: preset, dir: from.dir };
  if (spec.startsWith('quiver:')) {
    const known = Object.keys(options.presets ?? {}).filter((k) => k.startsWith('quiver:'));
    throw quiverError(
      ERROR_CODES.CONFIG_EXTENDS,
      `Config ${from.id} extends the preset '${spec}', which this host does not offer. Known presets: ${known.join(', ') || 'none'}.`,
      {
        file: options.file,
        key: 'extends',
      },
    );
  }
  const file = spec.startsWith('.') || isAbsolute(spec) ? resolve(from.dir, spec) : findConfigPackage(spec, from.dir);
  if (!file || !existsSync(file)) {
    const what = file ? `'${spec}' (${file}), which does not exist` : `the package '${spec}', which is not installed (npm i -D ${spec})`;
    throw quiverError(ERROR_CODES.CONFIG_EXTENDS, `Config ${from.id} extends ${what}. Fix or remove the entry in 'extends'.`, {
      file: options.file,
      key: 'extends',
    });
  }
  if (options.dataOnly && !file.endsWith('.json')) {
    options.dataOnly.push(`extends: ${spec} (a module: loading it runs its code)`);
    return { id: file, raw: {}, dir: dirname(file) };
  }
  const raw = await readConfigFile(file);
  return { id: file, raw: rebaseConfig(raw, dirname(file)), dir: dirname(file) };
}
