import { quiverError, type QuiverError } from '@quiver/core';
import type { ClosestMatch } from './closest-match.js';
import type { DiffBlock, DiffSyntaxError } from './parse-diff-blocks.js';
import { EDIT_ERRORS } from '../edit-errors.js';

const FORMAT_HINT =
  "Each block is '------- SEARCH', the exact lines to find, '=======', the new lines, '+++++++ REPLACE', each marker on its own line.";

function editError(message: string): QuiverError {
  return quiverError(EDIT_ERRORS.EDIT_FAILED, message);
}

/** A separator or REPLACE marker outside any block. */
export function strayMarkerError(stray: DiffSyntaxError): QuiverError {
  if (stray.afterBlock === 0 || !/^[+>]/.test(stray.text)) {
    return editError(
      `Line ${stray.line} of the diff ('${stray.text}') is a marker outside any SEARCH/REPLACE block. ` +
        `This usually indicates a malformed SEARCH marker: use '------- SEARCH' (7 dashes, a space, SEARCH) on its own line.\n${FORMAT_HINT}`,
    );
  }
  return editError(
    `Line ${stray.line} of the diff ('${stray.text}') closes no block: block ${stray.afterBlock} was already closed. Remove the extra marker.\n${FORMAT_HINT}`,
  );
}

/** A SEARCH section that never reached its separator, in a final diff. */
export function unterminatedSearchError(block: DiffBlock): QuiverError {
  const why = block.replaceMarkerInSearch
    ? "a '+++++++ REPLACE' marker came before any '=======' separator"
    : "no '=======' separator line follows it";
  return editError(`Block ${block.index}: the SEARCH block:\n${block.search.trimEnd()}\n...is malformatted: ${why}.\n${FORMAT_HINT}`);
}

/** An empty SEARCH on a file that has content. */
export function emptySearchError(block: DiffBlock): QuiverError {
  return editError(
    `Block ${block.index}: Empty SEARCH block detected with non-empty file. An empty SEARCH only fills an empty or new file; ` +
      `it never replaces a whole file. This usually indicates a malformed SEARCH marker: use '------- SEARCH' (7 dashes, a space, SEARCH). ` +
      `Put the exact lines to replace in the SEARCH section, or use write_to_file to rewrite the whole file.`,
  );
}

/** A SEARCH that matches nothing, pointing at the closest lines. */
export function noMatchError(block: DiffBlock, total: number, closest: ClosestMatch | undefined): QuiverError {
  let message =
    `Block ${block.index} of ${total} failed: the SEARCH block:\n${block.search.trimEnd()}\n...does not match anything in the file. ` +
    'SEARCH must match existing lines exactly, whitespace and comments included.';
  if (closest && closest.similarity >= 0.5) {
    message += `\nThe closest match is at line ${closest.line} (${Math.round(closest.similarity * 100)}% similar):\n${closest.lines.join('\n')}`;
    const d = closest.firstDifference;
    if (d)
      message += `\nFirst difference at line ${d.line}: the SEARCH line is ${JSON.stringify(d.search)} but the file has ${JSON.stringify(d.file)}.`;
  } else {
    message += '\nNo similar lines were found; read the file again before retrying.';
  }
  return editError(message);
}

/** Two blocks that would rewrite the same text. */
export function overlapError(a: { block: number; lines: [number, number] }, b: { block: number; lines: [number, number] }): QuiverError {
  return editError(
    `Blocks ${a.block} and ${b.block} overlap: block ${a.block} matches lines ${a.lines[0]}-${a.lines[1]} and block ${b.block} matches lines ${b.lines[0]}-${b.lines[1]}. ` +
      'Applying both would corrupt the file, so neither was applied. Merge them into one block, or make their SEARCH sections cover separate lines.',
  );
}

/** A final diff with no SEARCH/REPLACE block at all: nothing would change, so it is an error. */
export function noBlocksError(): QuiverError {
  return editError(`The diff contains no SEARCH/REPLACE block, so nothing was changed. ${FORMAT_HINT}`);
}
