import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { findConfigPackage } from '../config/find-config-package.js';
import { findConfigFile } from '../config/load-config.js';
import { HOOK_NAMES } from '../hooks/hook-names.js';

/** What a folder's trust is bound to: the config files that would apply there, hashed. */
export interface ConfigFingerprint {
  /** `sha256:<hex>` over every file's path and content. */
  hash: string;
  /** The files, absolute: the config, its `extends` targets, the hook scripts they name. */
  files: string[];
}

const MAX_FILES = 200;

/**
 * The fingerprint of what a folder's config would make Quiver do, read without importing
 * anything: the nearest `quiver.config.*` from `folder` upward, the files its `extends` chain
 * names (JSON followed; a module only hashed), the hook scripts the JSON names, and the
 * folder's `.clinerules/hooks/*` scripts. A changed byte in any of them is a new hash.
 * @example
 * configFingerprint('/repo'); // { hash: 'sha256:…', files: ['/repo/quiver.config.json', '/repo/hooks/check.sh'] }
 */
export function configFingerprint(folder: string): ConfigFingerprint {
  const files = new Set<string>();
  const config = findConfigFile(folder);
  if (config) visitConfig(config, folder, files);
  for (const script of clineHookScripts(folder)) files.add(script);
  const sorted = [...files].sort();
  const hash = createHash('sha256');
  for (const file of sorted) hash.update(`${file}\n${contentHash(file)}\n`);
  return { hash: `sha256:${hash.digest('hex')}`, files: sorted };
}

function visitConfig(file: string, folder: string, files: Set<string>): void {
  if (files.has(file) || files.size >= MAX_FILES) return;
  files.add(file);
  if (!file.endsWith('.json')) return; // A module is hashed, never run to see what it names.
  const raw = readJson(file);
  if (!raw) return;
  const dir = dirname(file);
  for (const spec of asStrings(raw.extends)) {
    const target =
      spec.startsWith('.') || isAbsolute(spec) ? resolve(dir, spec) : spec.includes(':') ? undefined : findConfigPackage(spec, dir);
    if (target && existsSync(target)) visitConfig(target, folder, files);
  }
  for (const script of hookScriptFiles(raw.hooks, dir, folder)) files.add(script);
}

/**
 * The script files a config's `hooks` section names (each command's first word, when it is a
 * path: relative to the config's folder `dir`; `$QUIVER_PROJECT_DIR` is `folder`).
 */
export function hookScriptFiles(hooks: unknown, dir: string, folder: string): string[] {
  if (typeof hooks !== 'object' || hooks === null) return [];
  const out: string[] = [];
  for (const groups of Object.values(hooks as Record<string, unknown>)) {
    for (const group of Array.isArray(groups) ? groups : []) {
      const list = (group as { hooks?: unknown })?.hooks;
      for (const hook of Array.isArray(list) ? list : []) {
        const command = (hook as { command?: unknown })?.command;
        const path = typeof command === 'string' ? scriptPath(command, dir, folder) : undefined;
        if (path) out.push(path);
      }
    }
  }
  return out;
}

/** The absolute script a hook command runs, when its first word is a path. */
function scriptPath(command: string, dir: string, folder: string): string | undefined {
  const first = (command.trim().split(/\s+/)[0] ?? '').replace(/["']/g, '').replace(/\$\{?(CLAUDE|QUIVER)_PROJECT_DIR\}?/g, folder);
  if (!first.includes('/')) return undefined;
  return isAbsolute(first) ? first : resolve(dir, first);
}

function clineHookScripts(folder: string): string[] {
  const dir = join(folder, '.clinerules', 'hooks');
  try {
    return readdirSync(dir)
      .filter((name) => name in HOOK_NAMES)
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

function contentHash(file: string): string {
  try {
    if (!statSync(file).isFile()) return '<not a file>';
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return '<missing>';
  }
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function asStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
