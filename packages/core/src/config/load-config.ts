import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { ERROR_CODES, quiverError } from '../errors.js';
import { configSchema, type QuiverConfig } from './config-schema.js';

/** Config file names, in the order they are looked for in each folder. */
export const CONFIG_FILE_NAMES = ['quiver.config.ts', 'quiver.config.mjs', 'quiver.config.js', 'quiver.config.json'] as const;

/** A loaded config and where it came from. */
export interface LoadedConfig {
  config: QuiverConfig;
  /** The file, or undefined when none was found (defaults apply). */
  file?: string;
  /** The folder relative paths in the config are resolved against. */
  dir: string;
}

/** Find a config file from `cwd` upward. */
export function findConfigFile(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    for (const name of CONFIG_FILE_NAMES) {
      const file = join(dir, name);
      if (existsSync(file)) return file;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Load and validate a config: `file` if given, else the nearest `quiver.config.*` from `cwd`
 * upward, else the defaults. Every problem is one `QUIVER_ERR_CONFIG_*` error naming the
 * file, the key and what was expected.
 */
export async function loadConfig(options: { cwd: string; file?: string }): Promise<LoadedConfig> {
  const file = options.file ? resolve(options.cwd, options.file) : findConfigFile(options.cwd);
  if (!file) return { config: configSchema.parse({}), dir: resolve(options.cwd) };
  if (!existsSync(file)) throw quiverError(ERROR_CODES.CONFIG_NOT_FOUND, `Config file '${file}' does not exist. Check the --config path.`, { file });
  const raw = await readConfigFile(file);
  return { config: validateConfig(raw, file), file, dir: dirname(file) };
}

/** Validate a config object; `file` is named in errors. */
export function validateConfig(raw: unknown, file = '<inline config>'): QuiverConfig {
  const parsed = configSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw quiverError(ERROR_CODES.CONFIG_INVALID, `Invalid config ${file}:\n${formatIssues(parsed.error.issues)}`, {
    file,
    key: issueKey(parsed.error.issues[0]),
  });
}

/** The dotted key an issue is about; for an unknown key, the unknown key itself (not its parent). */
function issueKey(issue: z.core.$ZodIssue | undefined): string | undefined {
  if (!issue) return undefined;
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys.length) path.push(issue.keys[0]);
  return path.join('.') || undefined;
}

function formatIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const key = issue.path.join('.') || '(root)';
      if (issue.code === 'unrecognized_keys') {
        return `  - ${issue.keys.map((k) => (key === '(root)' ? k : `${key}.${k}`)).join(', ')}: unknown key; remove it or check its spelling`;
      }
      return `  - ${key}: ${issue.message}`;
    })
    .join('\n');
}

async function readConfigFile(file: string): Promise<unknown> {
  try {
    if (file.endsWith('.json')) return JSON.parse(readFileSync(file, 'utf8'));
    if (file.endsWith('.ts')) {
      // Node 20 cannot import TypeScript; jiti transpiles it, and only when a .ts config is used.
      const { createJiti } = await import('jiti');
      const mod = (await createJiti(import.meta.url).import(file)) as { default?: unknown };
      return mod.default ?? mod;
    }
    const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    return mod.default;
  } catch (cause) {
    throw quiverError(ERROR_CODES.CONFIG_LOAD, `Could not read config ${file}: ${(cause as Error).message}`, { file, cause });
  }
}
