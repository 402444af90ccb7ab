import type { ShellNode } from './mvdan-syntax.js';

/**
 * One parsed text (the command, or a script found by R8) with the means to slice it by
 * mvdan's UTF-8 byte offsets.
 */
export interface SourceText {
  text: string;
  /** UTF-16 index of every UTF-8 byte offset (and of the end). */
  charAt: Int32Array;
  /** Character ranges `[start, end)` of single-quoted strings, where a backslash is literal. */
  singleQuoted: Array<[number, number]>;
}

/** Build the byte → character map for `text` (which must be well-formed UTF-16). */
export function createSourceText(text: string): SourceText {
  const bytes = Buffer.byteLength(text, 'utf8');
  const charAt = new Int32Array(bytes + 1);
  let b = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const width = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    for (let k = 0; k < width; k++) charAt[b + k] = i;
    b += width;
    if (cp >= 0x10000) i++;
  }
  charAt[bytes] = text.length;
  return { text, charAt, singleQuoted: [] };
}

/** The character index of a byte offset, clamped into the text. */
export function charIndex(src: SourceText, byteOffset: number): number {
  const clamped = Math.max(0, Math.min(byteOffset, src.charAt.length - 1));
  return src.charAt[clamped];
}

/** The character range `[start, end)` a node covers. */
export function nodeRange(src: SourceText, node: ShellNode): [number, number] {
  return [charIndex(src, node.pos), charIndex(src, node.end)];
}

/** The exact source text of a node. */
export function rawText(src: SourceText, node: ShellNode): string {
  const [start, end] = nodeRange(src, node);
  return src.text.slice(start, end);
}

/**
 * The source text of a node with backslash-newline continuations removed (R1), except
 * inside single quotes, where a backslash is literal.
 */
export function continuedText(src: SourceText, node: ShellNode): string {
  const [start, end] = nodeRange(src, node);
  const quotes = src.singleQuoted.filter(([s, e]) => e > start && s < end);
  let q = 0;
  let out = '';
  for (let i = start; i < end; i++) {
    while (q < quotes.length && quotes[q][1] <= i) q++;
    if (q < quotes.length && quotes[q][0] <= i) {
      const stop = Math.min(quotes[q][1], end);
      out += src.text.slice(i, stop);
      i = stop - 1;
    } else if (src.text[i] === '\\') {
      if (src.text[i + 1] !== '\n') out += src.text.slice(i, Math.min(i + 2, end));
      i++;
    } else {
      out += src.text[i];
    }
  }
  return out;
}
