import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The pnpm release the monorepo pins (root package.json `packageManager`). */
const PNPM_VERSION = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { packageManager: string }
).packageManager.replace(/^pnpm@/, '');

/**
 * The pnpm this process was started by (`pnpm test` sets npm_execpath to it), else the pinned
 * release through npx, as CI installs it.
 */
export function pnpmCommand(): { file: string; args: string[] } {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath))
    return /\.c?js$/.test(execPath) ? { file: process.execPath, args: [execPath] } : { file: execPath, args: [] };
  return { file: 'npx', args: ['-y', `pnpm@${PNPM_VERSION}`] };
}
