import type Parser from 'web-tree-sitter';
import type { LoadedGrammar } from './grammar-loader.js';

/** Separator between captures that are not on adjacent lines, and around a file's block. */
export const SEPARATOR = '|----';

/** A printed line longer than this is cut (minified code would otherwise flood the result). */
export const MAX_LINE_CHARS = 500;

/** One capture reduced to what the formatter needs. */
export interface DefinitionCapture {
  /** The capture name; names starting with `name` are printed. */
  name: string;
  startRow: number;
  endRow: number;
}

/**
 * The baseline's block for one file (SPEC Part B §16.17): captures sorted by start row, the
 * first line of each `@name…` capture as `│<line>`, `|----` between captures that are not on
 * adjacent lines, the whole wrapped in `|----` lines. Empty string when nothing is printed.
 * A line is printed once even when several captures start on it.
 * @example
 * formatCaptures(['class A {', '}'], [{ name: 'definition.class', startRow: 0, endRow: 1 }, { name: 'name.definition.class', startRow: 0, endRow: 0 }]);
 * // '|----\n│class A {\n|----\n'
 */
export function formatCaptures(lines: readonly string[], captures: readonly DefinitionCapture[]): string {
  const sorted = [...captures].sort((a, b) => a.startRow - b.startRow);
  const printed = new Set<number>();
  let out = '';
  let lastRow = -1;
  for (const capture of sorted) {
    if (lastRow !== -1 && capture.startRow > lastRow + 1) out += `${SEPARATOR}\n`;
    const line = lines[capture.startRow];
    if (capture.name.startsWith('name') && line !== undefined && !printed.has(capture.startRow)) {
      out += `│${clip(line)}\n`;
      printed.add(capture.startRow);
    }
    lastRow = capture.endRow;
  }
  // Separators alone (no printed line) say nothing.
  if (printed.size === 0) return '';
  return `${SEPARATOR}\n${out}${SEPARATOR}\n`;
}

/** Parse one file's source and format its definitions; empty string when it has none. */
export function formatDefinitions(source: string, loaded: LoadedGrammar): string {
  const tree = loaded.parser.parse(source);
  try {
    const captures = loaded.query.captures(tree.rootNode).map(toCapture);
    return formatCaptures(source.split(/\r?\n/), captures);
  } finally {
    // Trees live in the WASM heap: free them, or a long task leaks memory.
    tree.delete();
  }
}

function toCapture(capture: Parser.QueryCapture): DefinitionCapture {
  return { name: capture.name, startRow: capture.node.startPosition.row, endRow: capture.node.endPosition.row };
}

function clip(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line;
}
