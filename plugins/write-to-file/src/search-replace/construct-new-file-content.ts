import { closestMatch } from './closest-match.js';
import { emptySearchError, noMatchError, overlapError, strayMarkerError, noBlocksError, unterminatedSearchError } from './diff-errors.js';
import { findMatch, splitSearch, type SearchMatch } from './find-match.js';
import { applyLineEnding, normalizeLineEndings, type NormalizedText } from './line-endings.js';
import { parseDiffBlocks, type DiffBlock } from './parse-diff-blocks.js';

/** The result of applying a SEARCH/REPLACE diff. */
export interface NewFileContent {
  /** The new file content (or, while streaming, the part of it written so far). */
  newContent: string;
  /** Offsets in the original file where each applied block matched, ascending. */
  matchIndices: number[];
}

interface Edit {
  block: number;
  start: number;
  end: number;
  replacement: string;
}

type Piece = { from: number; to: number } | { text: string };

/**
 * Apply a SEARCH/REPLACE diff to a file's content (SPEC Part B §15.2 v1, with Part A's fixes).
 *
 * Blocks are matched in order from a cursor (exact, line-trimmed, then first/last-line anchor),
 * falling back to the whole file for a block written out of order. A CRLF file is matched as
 * LF and every line it keeps, and every line it gets, has the file's own line ending. Overlapping
 * blocks, an empty SEARCH on a non-empty file, and a SEARCH that matches nothing are errors that
 * name the block (and the closest lines, for a miss).
 *
 * While streaming (`isFinal = false`) the result is the file up to the last matched block plus
 * its replacement so far, with no tail, for a live preview.
 *
 * @throws `QUIVER_ERR_EDIT_FAILED` saying which block failed and why.
 * @example
 * constructNewFileContent('------- SEARCH\nb\n=======\nB\n+++++++ REPLACE', 'a\nb\nc', true).newContent; // 'a\nB\nc'
 */
export function constructNewFileContent(diff: string, original: string, isFinal: boolean): NewFileContent {
  const parsed = parseDiffBlocks(diff, isFinal);
  if (parsed.stray) throw strayMarkerError(parsed.stray);
  if (isFinal && parsed.blocks.length === 0) throw noBlocksError();
  const file = normalizeLineEndings(original);
  const edits: Edit[] = [];
  const preview: Piece[] = [];
  let cursor = 0;
  for (const block of parsed.blocks) {
    if (!block.separated) {
      if (isFinal) throw unterminatedSearchError(block);
      break;
    }
    const match = locate(block, file.text, cursor, parsed.blocks.length);
    const inOrder = match.start >= cursor;
    if (inOrder) preview.push({ from: cursor, to: match.start }, { text: block.replace });
    if (block.closed || isFinal) edits.push({ block: block.index, start: match.start, end: match.end, replacement: block.replace });
    if (inOrder) cursor = match.end;
  }
  if (!isFinal) return { newContent: render(preview, original, file), matchIndices: [] };
  return rebuild(edits, original, file);
}

function locate(block: DiffBlock, content: string, cursor: number, total: number): SearchMatch {
  if (block.search === '') {
    if (content.length > 0) throw emptySearchError(block);
    return { start: 0, end: 0, method: 'exact' };
  }
  const match = findMatch(content, block.search, cursor);
  if (!match) throw noMatchError(block, total, closestMatch(content.split('\n'), splitSearch(block.search)));
  return match;
}

function rebuild(edits: Edit[], original: string, file: NormalizedText): NewFileContent {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.block - b.block);
  const pieces: Piece[] = [];
  let at = 0;
  for (let i = 0; i < sorted.length; i++) {
    const edit = sorted[i];
    if (i > 0 && edit.start < sorted[i - 1].end) throw overlapping(sorted[i - 1], edit, file.text);
    pieces.push({ from: at, to: edit.start }, { text: keepFinalNewlineState(edit, file.text) });
    at = edit.end;
  }
  pieces.push({ from: at, to: file.text.length });
  return { newContent: render(pieces, original, file), matchIndices: sorted.map((e) => file.toRaw(e.start)) };
}

/**
 * A block whose match runs to the end of a file that has no final newline must not add one:
 * the SEARCH text always ends in `\n`, the file did not.
 */
function keepFinalNewlineState(edit: Edit, content: string): string {
  const atEofWithoutNewline = edit.end === content.length && content.length > 0 && !content.endsWith('\n');
  return atEofWithoutNewline && edit.replacement.endsWith('\n') ? edit.replacement.slice(0, -1) : edit.replacement;
}

function overlapping(a: Edit, b: Edit, content: string): Error {
  const lineOf = (offset: number) => content.slice(0, offset).split('\n').length;
  const range = (e: Edit): [number, number] => [lineOf(e.start), lineOf(Math.max(e.start, e.end - 1))];
  const [first, second] = a.block < b.block ? [a, b] : [b, a];
  return overlapError({ block: first.block, lines: range(first) }, { block: second.block, lines: range(second) });
}

/** Untouched text is copied from the original (its own line endings); new text gets the file's. */
function render(pieces: Piece[], original: string, file: NormalizedText): string {
  let out = '';
  for (const piece of pieces) {
    out += 'text' in piece ? applyLineEnding(piece.text, file.eol) : original.slice(file.toRaw(piece.from), file.toRaw(piece.to));
  }
  return out;
}
