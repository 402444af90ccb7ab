import type { z } from 'zod';
import { ERROR_CODES, quiverError } from '../errors.js';
import { configSchema, type QuiverConfig } from './config-schema.js';

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
