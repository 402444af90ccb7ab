import { CANONICAL_SEPARATOR, isIncompleteMarker, isReplaceMarker, isSearchMarker, isSeparator } from './markers.js';

/** One SEARCH/REPLACE block as written so far. */
export interface DiffBlock {
  /** 1-based position of the block in the diff, for error messages. */
  index: number;
  /** The SEARCH lines, each followed by `\n` (`''` for an empty SEARCH). */
  search: string;
  /** The REPLACE lines so far, each followed by `\n`. */
  replace: string;
  /** The separator was seen: `search` is complete. */
  separated: boolean;
  /** The REPLACE marker was seen: the block is complete. */
  closed: boolean;
  /** A REPLACE marker appeared inside SEARCH (kept as content; named in errors). */
  replaceMarkerInSearch: boolean;
}

/** A line that makes the whole diff malformed, with the reason. */
export interface DiffSyntaxError {
  /** 1-based line of the diff. */
  line: number;
  text: string;
  /** The block the line follows (0 = before the first block). */
  afterBlock: number;
}

/** The blocks of a diff, or the first stray marker outside a block. */
export interface ParsedDiff {
  blocks: DiffBlock[];
  stray?: DiffSyntaxError;
}

type State = 'outside' | 'search' | 'replace';

/**
 * Split a SEARCH/REPLACE diff into blocks. A marker counts only in marker position: a SEARCH
 * marker outside a block, the separator inside SEARCH, a REPLACE marker inside REPLACE. Any
 * other line inside a block is content, so a Markdown `=====` underline in REPLACE survives.
 * A CRLF diff is read as LF.
 */
export function parseDiffBlocks(diff: string, isFinal: boolean): ParsedDiff {
  const lines = diff.replace(/\r\n/g, '\n').split('\n');
  // A final diff's trailing newline ends its last line; it does not add an empty one.
  if (isFinal && lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length > 0 && isIncompleteMarker(lines[lines.length - 1], isFinal)) lines.pop();
  const blocks: DiffBlock[] = [];
  let state: State = 'outside';
  let block: DiffBlock | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (state === 'outside') {
      if (isSearchMarker(line)) {
        block = { index: blocks.length + 1, search: '', replace: '', separated: false, closed: false, replaceMarkerInSearch: false };
        blocks.push(block);
        state = 'search';
      } else if (isSeparator(line) || isReplaceMarker(line)) {
        return { blocks, stray: { line: i + 1, text: line, afterBlock: blocks.length } };
      }
      // Other text between blocks (a stray blank line, a remark) is not part of any block.
    } else if (state === 'search') {
      if (isSeparator(line) && !laterCanonicalSeparator(lines, i)) {
        block!.separated = true;
        state = 'replace';
      } else {
        if (isReplaceMarker(line)) block!.replaceMarkerInSearch = true;
        block!.search += line + '\n';
      }
    } else if (isReplaceMarker(line)) {
      block!.closed = true;
      state = 'outside';
    } else {
      block!.replace += line + '\n';
    }
  }
  return { blocks };
}

/**
 * A separator-shaped line in SEARCH that is not the canonical `=======` yields to a canonical
 * one later in the same block: `Title` / `=====` / ... / `=======` is a Markdown heading
 * being searched for, not a block with a short separator.
 */
function laterCanonicalSeparator(lines: string[], at: number): boolean {
  if (lines[at] === CANONICAL_SEPARATOR) return false;
  for (let j = at + 1; j < lines.length; j++) {
    if (isReplaceMarker(lines[j]) || isSearchMarker(lines[j])) return false;
    if (lines[j] === CANONICAL_SEPARATOR) return true;
  }
  return false;
}
