import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** What an install put on disk: bytes of every file, and how many packages. */
export interface InstallSize {
  bytes: number;
  packages: number;
}

/**
 * The size of an install prefix: the bytes of every file under `dir` (symlinks not followed)
 * and the number of package folders in its node_modules trees.
 */
export async function installSize(dir: string): Promise<InstallSize> {
  let bytes = 0;
  let packages = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile()) bytes += (await lstat(path)).size;
    else if (entry.isDirectory() && isPackageFolder(entry.parentPath, entry.name)) packages++;
  }
  return { bytes, packages };
}

/** `…/node_modules/<name>` or `…/node_modules/@scope/<name>`. */
function isPackageFolder(parent: string, name: string): boolean {
  if (name.startsWith('.') || name.startsWith('@')) return false;
  return /[\\/]node_modules$/.test(parent) || /[\\/]node_modules[\\/]@[^\\/]+$/.test(parent);
}

/** The packages a lean install must not bring: heavy, rarely used dependencies. */
export const HEAVY_PACKAGES = [
  'tree-sitter-wasms',
  'web-tree-sitter',
  'pdf-parse',
  'mammoth',
  'exceljs',
  'playwright-core',
  '@ai-sdk/anthropic',
  '@ai-sdk/openai',
  'ai',
  'esbuild',
  '@mixmark-io/domino',
] as const;
