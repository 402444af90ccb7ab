import { canonicalize } from './canonicalize.js';
import { findContext, type ContextMatch } from './find-context.js';
import { parseHunkBody, withoutBlankEdges, type HunkBody } from './parse-hunk.js';
import { patchError } from './patch-error.js';
import { MARKERS, isSectionStart, type Chunk, type HunkFailure } from './patch-types.js';

/** The result of one `*** Update File:` section. */
export interface UpdateSection {
  chunks: Chunk[];
  fuzz: number;
  failures: HunkFailure[];
  /** Index of the first line after the section. */
  next: number;
}

/**
 * Parse the hunks of an Update section against the file's lines. Each hunk's context is
 * searched from the end of the previous one; a hunk that cannot be placed is recorded as a
 * failure (with the closest window) and parsing goes on, so every failing hunk is reported.
 */
export function parseUpdateSection(lines: string[], start: number, path: string, file: string[]): UpdateSection {
  const out: UpdateSection = { chunks: [], fuzz: 0, failures: [], next: start };
  let i = start;
  let cursor = 0;
  for (let hunk = 1; i < lines.length && !isSectionStart(lines[i]); hunk++) {
    let anchored = false;
    let anchorFound = false;
    while (lines[i]?.startsWith('@@')) {
      const moved = moveToAnchor(file, lines[i].slice(2).trim(), cursor);
      anchorFound ||= moved.cursor !== cursor;
      cursor = moved.cursor;
      out.fuzz += moved.fuzz;
      anchored = true;
      i++;
    }
    if (!anchored && hunk > 1) throw patchError(`Invalid Line:\n${lines[i]}\nEach hunk after the first must start with '@@'.`, path);
    const section = readHunkLines(lines, i, path);
    i = section.next;
    if (section.raw.length === 0) {
      if (section.eof || !anchored) throw patchError(`Update File Error: hunk ${hunk} of ${path} is empty.`, path);
      continue;
    }
    // A hunk with no context lines (only + lines) goes at the end of the file, as in Codex,
    // unless an `@@ line` anchor that was found says where.
    const contextFree = parseHunkBody(section.raw).old.length === 0;
    const placed = placeHunk(file, section.raw, cursor, section.eof || (contextFree && !anchorFound));
    if (placed.match.index === -1) {
      out.failures.push({ path, hunk, message: contextFailure(file, placed.body, cursor, placed.match) });
      continue;
    }
    out.fuzz += placed.match.fuzz;
    for (const c of placed.body.chunks) out.chunks.push({ ...c, origIndex: c.origIndex + placed.match.index });
    cursor = placed.match.index + placed.body.old.length;
  }
  out.next = i;
  return out;
}

/**
 * Place a hunk: first strictly (canonical, trimEnd, trim) with its body as written, then
 * without blank lines at its edges, and only then by similarity — so a stray blank line never
 * makes a loose match win over an exact one.
 */
function placeHunk(file: string[], raw: string[], cursor: number, eof: boolean): { body: HunkBody; match: ContextMatch } {
  const bodies = [parseHunkBody(raw)];
  const trimmed = withoutBlankEdges(raw);
  if (trimmed) bodies.push(parseHunkBody(trimmed));
  for (const levenshtein of [false, true]) {
    for (const body of bodies) {
      const match = findContext(file, body.old, cursor, eof, levenshtein);
      if (match.index !== -1) return { body, match };
    }
  }
  return { body: bodies[0], match: findContext(file, bodies[0].old, cursor, eof) };
}

/** The body lines of one hunk, up to the next `@@`, marker or `***`; `*** End of File` is consumed. */
function readHunkLines(lines: string[], start: number, path: string): { raw: string[]; next: number; eof: boolean } {
  const raw: string[] = [];
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('@@') || isSectionStart(line) || line === '***') break;
    if (line === MARKERS.endOfFile) return { raw, next: i + 1, eof: true };
    if (line.startsWith('***')) throw patchError(`Invalid line: ${line}`, path);
    raw.push(line);
  }
  return { raw, next: i, eof: false };
}

/** `@@ text` moves the cursor past the next line equal to `text` (canonically, then trimmed or as a prefix). */
function moveToAnchor(file: string[], anchor: string, cursor: number): { cursor: number; fuzz: number } {
  if (anchor === '') return { cursor, fuzz: 0 };
  const want = canonicalize(anchor);
  for (let i = cursor; i < file.length; i++) if (canonicalize(file[i]) === want) return { cursor: i + 1, fuzz: 0 };
  const trimmed = want.trim();
  for (let i = cursor; i < file.length; i++) {
    const line = canonicalize(file[i]).trim();
    if (line === trimmed || line.startsWith(trimmed)) return { cursor: i + 1, fuzz: 1 };
  }
  // Not found: the anchor is only a hint; the context lines still have to match.
  return { cursor, fuzz: 0 };
}

function contextFailure(file: string[], body: HunkBody, cursor: number, match: ContextMatch): string {
  const where = cursor > 0 ? ` at or after line ${cursor + 1}` : '';
  let text = `its context was not found${where}. Expected these lines:\n${body.old.join('\n')}`;
  if (match.best) {
    const lines = file.slice(match.best.index, match.best.index + body.old.length);
    text += `\nThe closest lines are at line ${match.best.index + 1} (similarity ${match.best.similarity.toFixed(2)}):\n${lines.join('\n')}`;
  }
  const before = cursor > 0 ? findContext(file, body.old, 0, false) : undefined;
  if (before && before.index !== -1 && before.index < cursor) {
    text += `\nThey match at line ${before.index + 1}, before the previous hunk: hunks must be in file order.`;
  }
  return text;
}
