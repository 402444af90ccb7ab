import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '../errors.js';
import type { ToolDescriptor } from '../tool/describe-tool.js';

/**
 * Read a plugin's generated tool descriptors (the file its manifest's `quiver.descriptors`
 * names) and check them against the manifest's tool names. Plain JSON checks, no zod: this
 * runs on every listing host's start-up path.
 * @param dir - the plugin package's folder.
 * @param pkg - the package name (for messages).
 * @param file - the manifest's `descriptors` path, relative to `dir`.
 * @param declared - the tool names the manifest declares.
 */
export function readToolDescriptors(dir: string, pkg: string, file: string, declared: readonly string[]): Map<string, ToolDescriptor> {
  const path = resolve(dir, file);
  const fail = (why: string, cause?: unknown) =>
    quiverError(
      ERROR_CODES.PLUGIN_MANIFEST_INVALID,
      `Plugin '${pkg}': its tool descriptors '${file}' ${why}. Rebuild the plugin (its build runs quiver-describe-tools), or fix quiver.descriptors.`,
      { plugin: pkg, file: path, key: 'quiver.descriptors', cause },
    );
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw fail(`cannot be read (${(cause as Error).message})`, cause);
  }
  const tools = (data as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools)) throw fail('have no "tools" array');
  const out = new Map<string, ToolDescriptor>();
  for (const t of tools as Record<string, unknown>[]) {
    const ok =
      typeof t?.name === 'string' &&
      typeof t.description === 'string' &&
      isObject(t.inputSchema) &&
      isObject(t.annotations) &&
      typeof t.hidden === 'boolean';
    if (!ok) throw fail(`hold an entry that is not a tool descriptor (${JSON.stringify(t?.name ?? t)})`);
    out.set(t.name as string, Object.freeze(t) as unknown as ToolDescriptor);
  }
  const listed = [...out.keys()].sort().join(', ');
  const expected = [...declared].sort().join(', ');
  if (listed !== expected) throw fail(`describe tools [${listed}] but the manifest declares [${expected}]`);
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
