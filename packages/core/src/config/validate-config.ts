import type { z } from 'zod';
import { ERROR_CODES, quiverError } from '../errors.js';
import { configSchemaFor, type QuiverConfig } from './config-schema.js';
import type { ConfigSection } from './config-section.js';

/**
 * Validate a config object against core's part plus `sections` (see `configSchemaFor`);
 * `file` is named in errors. A key no section claims is an unknown key.
 */
export function validateConfig(raw: unknown, file = '<inline config>', sections: readonly ConfigSection[] = []): QuiverConfig {
  const parsed = configSchemaFor(sections).safeParse(raw);
  if (parsed.success) return parsed.data;
  throw quiverError(ERROR_CODES.CONFIG_INVALID, `Invalid config ${file}:\n${formatIssues(parsed.error.issues)}`, {
    file,
    key: issueKey(parsed.error.issues[0]),
  });
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
