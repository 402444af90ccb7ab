/**
 * The search_files result text (SPEC Part B §7, issue 18): a count header, then per file its
 * path and its lines as ripgrep prints them, each with its line number — `12:` on a match,
 * `12-` on context — and `--` between results that are not adjacent, so the model can aim a
 * `read_file` range at any line. Capped at 300 results and 0.25 MB.
 */
import { relative, sep } from 'node:path';
import type { FileMatches, SearchMatch } from './ripgrep-json.js';

/** Results shown at most. */
export const MAX_RESULTS = 300;

/** Output size cap in bytes (0.25 MB). */
export const MAX_OUTPUT_BYTES = 0.25 * 1024 * 1024;

/** Appended when the size cap cut the output. */
export const SIZE_NOTICE = '\n[Results truncated due to exceeding the 0.25MB size limit. Please use a more specific search pattern.]';

/** One search's text, in parts, so several workspaces can be combined. */
export interface FormattedSearch {
  /** `Found N results.`, `Found 1 result.` or the "Showing first …" line. */
  header: string;
  /** The per-file blocks (trimmed), possibly ending with {@link SIZE_NOTICE}. */
  body: string;
  /** Results found (after ignore filtering). */
  count: number;
  /** Results shown (at most {@link MAX_RESULTS}). */
  shown: number;
  /** True when there are more results than were counted (the cap or ripgrep's output limit). */
  more: boolean;
}

/**
 * The header line. `more` marks a search cut short before 300 results (ripgrep's output was
 * cut), which the baseline would report as exact.
 */
export function countHeader(count: number, more: boolean): string {
  if (count >= MAX_RESULTS) return `Showing first ${MAX_RESULTS} of ${MAX_RESULTS}+ results. Use a more specific search if necessary.`;
  if (more) return `Showing first ${count} of ${count}+ results. Use a more specific search if necessary.`;
  return `Found ${count === 1 ? '1 result' : `${count} results`}.`;
}

/**
 * Format one search.
 * @param files matches per file, paths absolute
 * @param base the directory paths are shown relative to (the workspace root)
 * @param incomplete ripgrep's output was cut, so more results may exist
 */
export function formatSearch(files: readonly FileMatches[], base: string, incomplete = false): FormattedSearch {
  const count = files.reduce((n, f) => n + f.matches.length, 0);
  const header = countHeader(count, incomplete);
  const body = formatBody(files, base, MAX_OUTPUT_BYTES - Buffer.byteLength(`${header}\n\n`));
  return { header, body, count, shown: Math.min(count, MAX_RESULTS), more: incomplete || count > MAX_RESULTS };
}

/** The text the model reads for one search. */
export function searchText(search: FormattedSearch): string {
  return `${search.header}\n\n${search.body}`.trim();
}

/** The per-file blocks within a byte budget; whole results only, then the size notice if it fits. */
function formatBody(files: readonly FileMatches[], base: string, budget: number): string {
  let out = '';
  let bytes = 0;
  let left = MAX_RESULTS;
  let cut = false;
  const add = (text: string): boolean => {
    const size = Buffer.byteLength(text);
    if (bytes + size >= budget) return false;
    out += text;
    bytes += size;
    return true;
  };
  for (const file of files) {
    if (left === 0) break;
    const matches = file.matches.slice(0, left);
    left -= matches.length;
    if (!add(`${displayPath(base, file.path)}\n`)) {
      cut = true;
      break;
    }
    let next = 0;
    for (let i = 0; i < matches.length && !cut; i++) {
      const m = matches[i];
      const first = m.line - m.before.length;
      // ripgrep's group separator: only between results whose lines are not contiguous.
      if (i > 0 && first > next) cut = !add('--\n');
      if (!cut) cut = !add(numberedLines(m));
      next = m.line + m.after.length + 1;
    }
    if (cut || !add('\n')) {
      cut = true;
      break;
    }
  }
  if (cut && bytes + Buffer.byteLength(SIZE_NOTICE) < budget) out += SIZE_NOTICE;
  return out.trim();
}

/** A result's lines as `N-context`, `N:match`, `N-context`. */
function numberedLines(m: SearchMatch): string {
  const start = m.line - m.before.length;
  const before = m.before.map((l, i) => `${start + i}-${l.trimEnd()}\n`).join('');
  const after = m.after.map((l, i) => `${m.line + 1 + i}-${l.trimEnd()}\n`).join('');
  return `${before}${m.line}:${m.text.trimEnd()}\n${after}`;
}

function displayPath(base: string, path: string): string {
  const rel = relative(base, path) || path;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/**
 * Combine the searches of several workspace roots (no `@name:` hint, several roots): each
 * root with results gets a `## Workspace: <name>` section under one combined header.
 */
export function combineWorkspaceSearches(searches: readonly { name: string; search: FormattedSearch }[], searched: number): string {
  const total = searches.reduce((n, s) => n + s.search.count, 0);
  if (total === 0) return 'Found 0 results.';
  const shown = searches.reduce((n, s) => n + s.search.shown, 0);
  const more = searches.some((s) => s.search.more);
  const where = `across ${searched} workspace${searched === 1 ? '' : 's'}`;
  const header = more
    ? `Showing first ${shown} of ${total}+ results ${where}. Use a more specific search if necessary.`
    : `Found ${total === 1 ? '1 result' : `${total} results`} ${where}.`;
  const sections = searches.filter((s) => s.search.count > 0).map((s) => `## Workspace: ${s.name}\n${s.search.body}`);
  return `${header}\n\n${sections.join('\n\n')}`;
}
