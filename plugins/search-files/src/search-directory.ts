/**
 * One ripgrep search of one directory: the arguments, the run, the parse, the ignore filter
 * and the formatting. A ripgrep error is reported with rg's own message (SPEC Part A), not
 * as "Found 0 results." as in the baseline.
 */
import { stat } from 'node:fs/promises';
import { fileFilterArgs } from './file-pattern.js';
import { formatSearch, type FormattedSearch } from './format-search-results.js';
import { RipgrepJsonReader, CONTEXT_LINES } from './ripgrep-json.js';
import { RG_TIMEOUT_MS, runRipgrep } from './run-ripgrep.js';

/** What {@link searchDirectory} needs. */
export interface SearchRequest {
  rgPath: string;
  /** The directory (or file) to search, absolute. */
  dir: string;
  /** A Rust regex. */
  regex: string;
  /** Globs, `;`- or `,`-separated. */
  filePattern?: string | null;
  /** Result paths are shown relative to this directory. */
  base: string;
  /** Leaves a file's results out when it returns true (the workspace's ignore rules). */
  isIgnored?: (absolutePath: string) => boolean;
  signal?: AbortSignal;
  /** ripgrep JSON lines read at most. */
  maxLines?: number;
  /** rg is stopped after this long; the results so far stand, with a note. */
  timeoutMs?: number;
}

/** A search's outcome: formatted results, or why it failed. */
export type SearchOutcome = { ok: true; search: FormattedSearch } | { ok: false; error: string };

/**
 * The ripgrep arguments: JSON events, one line of context, rg's ignore defaults (`.gitignore`
 * also outside a git repository, as list_files), and no user config file that could change
 * the output format.
 */
export function ripgrepArgs(dir: string, regex: string, filePattern?: string | null): string[] {
  return [
    '--json',
    '--no-config',
    '--no-require-git',
    '-e',
    regex,
    ...fileFilterArgs(filePattern),
    '--context',
    String(CONTEXT_LINES),
    dir,
  ];
}

/**
 * Search one directory.
 * @example
 * const out = await searchDirectory({ rgPath, dir: '/repo/src', regex: 'TODO', base: '/repo' });
 */
export async function searchDirectory(request: SearchRequest): Promise<SearchOutcome> {
  const st = await stat(request.dir).catch(() => undefined);
  if (!st) return { ok: false, error: `The path '${request.dir}' does not exist. Check the path, or use list_files to see what is there.` };
  // rg would open a FIFO or a device and wait on it forever (inside a folder it skips them).
  if (!st.isDirectory() && !st.isFile()) {
    return {
      ok: false,
      error: `The path '${request.dir}' is ${specialKind(st)}, not a folder or a regular file, so it cannot be searched. Search a folder or a file instead.`,
    };
  }
  const reader = new RipgrepJsonReader();
  const timeoutMs = request.timeoutMs ?? RG_TIMEOUT_MS;
  const exit = await runRipgrep({
    rgPath: request.rgPath,
    args: ripgrepArgs(request.dir, request.regex, request.filePattern),
    onLine: (line) => reader.push(line),
    onLongLine: (head, tail, length) => reader.pushLong(head, tail, length),
    maxLines: request.maxLines,
    signal: request.signal,
    timeoutMs,
  });
  // Exit 2 with results means some files could not be read; the results still stand.
  if (exit.code === 2 && reader.files.length === 0) {
    return { ok: false, error: `ripgrep failed: ${exit.stderr || 'it exited with status 2 and no message'}` };
  }
  if (exit.code !== null && exit.code > 2)
    return { ok: false, error: `ripgrep exited with status ${exit.code}${exit.stderr ? `: ${exit.stderr}` : ''}` };
  const files = request.isIgnored ? reader.files.filter((f) => !request.isIgnored!(f.path)) : reader.files;
  const search = formatSearch(files, request.base, exit.cut);
  if (exit.timedOut)
    search.body =
      `${search.body}\n\n[The search stopped at its time limit of ${timeoutMs / 1000} s; these are the results so far. Search a smaller folder or use a file pattern.]`.trimStart();
  return { ok: true, search };
}

/** "a FIFO (named pipe)", "a device", "a socket". */
export function specialKind(st: {
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string {
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'a special file';
}
