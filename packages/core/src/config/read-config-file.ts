import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ERROR_CODES, quiverError } from '../errors.js';

/**
 * Read a config file's raw value: JSON, or a module's default export (`.ts` through jiti,
 * since Node 20 cannot import TypeScript). A file that does not parse or throws while
 * loading is `QUIVER_ERR_CONFIG_LOAD`, naming the file.
 */
export async function readConfigFile(file: string): Promise<unknown> {
  try {
    if (file.endsWith('.json')) return JSON.parse(readFileSync(file, 'utf8'));
    if (file.endsWith('.ts') || file.endsWith('.mts') || file.endsWith('.cts')) {
      // jiti is loaded only when a TypeScript config is used.
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
