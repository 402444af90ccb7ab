/**
 * Read the `mcpServers` object from a config file: a Quiver config or a Cline-style settings
 * file (`{"mcpServers": {...}}`). JSON files are read afresh every time, so they can be
 * watched; module configs (`.ts`, `.js`, `.mjs`) go through core's loader once.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { quiverError } from '@quiver/core';
import { loadConfig } from '@quiver/core/host';
import { MCP_ERRORS } from './mcp-errors.js';

/** True when the file's servers can be re-read after a change (JSON, not a cached module). */
export function isRereadable(file: string): boolean {
  return file.endsWith('.json');
}

/**
 * The file's `mcpServers` (an empty object when the file does not exist or has none).
 * Throws `QUIVER_ERR_MCP_CONFIG_INVALID` when the file cannot be parsed.
 */
export async function readServersFile(file: string): Promise<Record<string, unknown>> {
  if (!existsSync(file)) return {};
  let raw: unknown;
  if (isRereadable(file)) {
    try {
      const text = await readFile(file, 'utf8');
      raw = text.trim() ? JSON.parse(text) : {};
    } catch (cause) {
      throw quiverError(
        MCP_ERRORS.MCP_CONFIG_INVALID,
        `Invalid MCP settings format in ${file}: ${(cause as Error).message}. Fix the JSON; the servers already in use are kept.`,
        { file, cause },
      );
    }
  } else {
    raw = (await loadConfig({ cwd: dirname(file), file })).config;
  }
  const servers = (raw as { mcpServers?: unknown } | null)?.mcpServers;
  if (servers === undefined) return {};
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    throw quiverError(
      MCP_ERRORS.MCP_CONFIG_INVALID,
      `Invalid MCP settings schema in ${file}: "mcpServers" must be an object of server name → settings.`,
      { file, key: 'mcpServers' },
    );
  }
  return servers as Record<string, unknown>;
}
