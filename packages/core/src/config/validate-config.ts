import type { z } from 'zod';
import { ERROR_CODES, quiverError } from '../errors.js';
import { configSchema, configSchemaFor, type QuiverConfig } from './config-schema.js';
import type { ConfigSection } from './config-section.js';

/**
 * Validate a config object against core's part plus `sections` (see `configSchemaFor`);
 * `file` is named in errors. A top-level key no section claims is an unknown key — unless
 * `unclaimed` is given: then such keys are kept as written and recorded there (key → the file
 * that has it) for the caller to check against its plugins' sections (a plugin's section is
 * known from its manifest, after the config named the plugin).
 */
export function validateConfig(
  raw: unknown,
  file = '<inline config>',
  sections: readonly ConfigSection[] = [],
  unclaimed?: Map<string, string>,
): QuiverConfig {
  const extra = unclaimed ? unclaimedKeys(raw, sections) : [];
  const input = extra.length ? Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([k]) => !extra.includes(k))) : raw;
  // jitless: parsed once per start-up, where zod's compiled fast path costs more than it saves (~10 ms here).
  const parsed = configSchemaFor(sections).safeParse(input, { jitless: true });
  if (parsed.success) {
    if (!extra.length) return parsed.data;
    for (const key of extra) if (!unclaimed!.has(key)) unclaimed!.set(key, file);
    return { ...parsed.data, ...Object.fromEntries(extra.map((k) => [k, (raw as Record<string, unknown>)[k]])) };
  }
  throw quiverError(ERROR_CODES.CONFIG_INVALID, `Invalid config ${file}:\n${formatIssues(parsed.error.issues)}`, {
    file,
    key: issueKey(parsed.error.issues[0]),
  });
}

/** The top-level keys of a raw config that neither core nor any of `sections` owns. */
function unclaimedKeys(raw: unknown, sections: readonly ConfigSection[]): string[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  return Object.keys(raw).filter((k) => !Object.hasOwn(configSchema.shape, k) && !sections.some((s) => s.key === k));
}

/**
 * Refuse the config keys `unclaimed` holds (from {@link validateConfig}) that no plugin
 * declares as its section: the unknown-key error, naming the file and the key.
 * @param declared - the section keys the loaded plugins declare (their manifests' `quiver.sections`)
 */
export function checkUnclaimedKeys(unclaimed: ReadonlyMap<string, string>, declared: ReadonlySet<string>): void {
  for (const [key, file] of unclaimed) {
    if (declared.has(key)) continue;
    throw quiverError(
      ERROR_CODES.CONFIG_INVALID,
      `Invalid config ${file}:\n  - ${key}: unknown key; remove it or check its spelling (no loaded plugin declares a '${key}' config section)`,
      { file, key },
    );
  }
}

/** The dotted key an issue is about; for an unknown key, the unknown key itself (not its parent). */
export function issueKey(issue: z.core.$ZodIssue | undefined): string | undefined {
  if (!issue) return undefined;
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys.length) path.push(issue.keys[0]);
  return path.join('.') || undefined;
}

/** One `  - key: what was expected` line per issue; `prefix` is the dotted key the value sits under. */
export function formatIssues(issues: z.core.$ZodIssue[], prefix?: string): string {
  return issues
    .map((issue) => {
      const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)';
      if (issue.code === 'unrecognized_keys') {
        return `  - ${issue.keys.map((k) => (key === '(root)' ? k : `${key}.${k}`)).join(', ')}: unknown key; remove it or check its spelling`;
      }
      return `  - ${key}: ${issue.message}`;
    })
    .join('\n');
}
