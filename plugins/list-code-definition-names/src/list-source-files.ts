import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { grammarForFile, type Grammar } from './languages.js';

/** Source files parsed at most per call (SPEC Part B §16.17). */
export const MAX_SOURCE_FILES = 50;

/** A source file to parse. */
export interface SourceFile {
  /** The entry's name in the listed directory (the result's relative path). */
  readonly name: string;
  /** The physical path to read (a symlink's target). */
  readonly path: string;
  readonly grammar: Grammar;
}

/** What {@link listSourceFiles} needs to decide what it may show and read. */
export interface SourceListingOptions {
  /** False for an entry the ignore rules hide (P7); symlink entries are judged by their target too. */
  show(absolutePath: string, isDirectory: boolean, isSymbolicLink: boolean): boolean;
  /** False for a symlink target this listing may not read (outside the workspace). */
  mayRead(realPath: string): boolean;
  /** @default MAX_SOURCE_FILES */
  limit?: number;
}

/**
 * The top-level source files of a directory: regular files (or links to files) with a
 * supported extension, not hidden by the ignore rules, sorted by name, at most `limit`.
 * Ignored files are dropped before the cut, so they never take a place.
 */
export async function listSourceFiles(directory: string, options: SourceListingOptions): Promise<SourceFile[]> {
  const entries = (await readdir(directory, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const limit = options.limit ?? MAX_SOURCE_FILES;
  const files: SourceFile[] = [];
  for (const entry of entries) {
    if (files.length >= limit) break;
    const file = await sourceFile(directory, entry, options);
    if (file) files.push(file);
  }
  return files;
}

async function sourceFile(directory: string, entry: Dirent, options: SourceListingOptions): Promise<SourceFile | undefined> {
  const grammar = grammarForFile(entry.name);
  if (!grammar) return undefined;
  const absolute = join(directory, entry.name);
  if (entry.isFile()) return options.show(absolute, false, false) ? { name: entry.name, path: absolute, grammar } : undefined;
  if (!entry.isSymbolicLink()) return undefined;
  try {
    const real = await realpath(absolute);
    if (!(await stat(real)).isFile() || !options.mayRead(real) || !options.show(absolute, false, true)) return undefined;
    return { name: entry.name, path: real, grammar };
  } catch {
    // A dangling or looping link has nothing to parse.
    return undefined;
  }
}
