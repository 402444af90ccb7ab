import { fileURLToPath } from 'node:url';
import type { Root } from '@modelcontextprotocol/sdk/types.js';

/** A workspace root taken from an MCP root: an absolute folder and the client's name for it. */
export interface ClientRoot {
  name?: string;
  path: string;
}

/**
 * The workspace roots an MCP client's roots stand for. Only `file:` URIs name folders Quiver
 * can work in; others are returned in `skipped` so the host can say why they were ignored.
 * Names are kept when they can be `@name:` hints (no `:` or slash), else the folder's name is used.
 */
export function rootsToWorkspace(roots: readonly Root[]): { roots: ClientRoot[]; skipped: string[] } {
  const out: ClientRoot[] = [];
  const skipped: string[] = [];
  for (const root of roots) {
    let path: string;
    try {
      path = fileURLToPath(root.uri);
    } catch {
      skipped.push(root.uri);
      continue;
    }
    const given = root.name?.trim();
    const name = given && /^[^:/\\]+$/.test(given) ? given : undefined;
    out.push(name ? { name, path } : { path });
  }
  return { roots: out, skipped };
}
