import type { WordToken } from './word-tokens.js';

/** Thrown when a brace expansion would produce more words than the screen checks. */
export class ExpansionLimitError extends Error {}

const isOp = (t: WordToken | undefined, ch: string) => t !== undefined && !t.quoted && t.ch === ch;

/**
 * Bash brace expansion over quote-marked tokens (SPEC I2): `{a,b}` lists (nested, with
 * preamble and postscript) and `{x..y[..step]}` sequences of integers (zero-padded like bash)
 * or single letters. Quoted braces and commas are text; `{a}` and `{}` stay as written.
 *
 * @param tokens - A word from {@link wordTokens}.
 * @param limit - Most words to produce; more throws {@link ExpansionLimitError}.
 * @example
 * expandBraces(wordTokens('a{b,c}d')).map(join); // ['abd', 'acd']
 */
export function expandBraces(tokens: WordToken[], limit = 1024): WordToken[][] {
  const out: WordToken[][] = [];
  const work: WordToken[][] = [tokens];
  while (work.length > 0) {
    const current = work.pop() as WordToken[];
    const alternatives = firstExpansion(current);
    if (!alternatives) {
      out.push(current);
      if (out.length > limit) throw new ExpansionLimitError(`brace expansion makes more than ${limit} words`);
      continue;
    }
    if (alternatives.length + out.length + work.length > limit)
      throw new ExpansionLimitError(`brace expansion makes more than ${limit} words`);
    for (let k = alternatives.length - 1; k >= 0; k--) work.push(alternatives[k]);
  }
  return out;
}

/** The words the first expandable brace pair of `tokens` produces, or undefined when none. */
function firstExpansion(tokens: WordToken[]): WordToken[][] | undefined {
  for (let open = 0; open < tokens.length; open++) {
    if (!isOp(tokens[open], '{') || (open > 0 && isOp(tokens[open - 1], '$'))) continue;
    const close = matchingBrace(tokens, open);
    if (close < 0) continue;
    const body = tokens.slice(open + 1, close);
    const parts = topLevelParts(body) ?? sequence(body);
    if (!parts) continue;
    const before = tokens.slice(0, open);
    const after = tokens.slice(close + 1);
    return parts.map((part) => [...before, ...part, ...after]);
  }
  return undefined;
}

function matchingBrace(tokens: WordToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isOp(tokens[i], '{')) depth++;
    else if (isOp(tokens[i], '}') && --depth === 0) return i;
  }
  return -1;
}

/** Split a brace body on its top-level unquoted commas; undefined without any comma. */
function topLevelParts(body: WordToken[]): WordToken[][] | undefined {
  const parts: WordToken[][] = [[]];
  let depth = 0;
  for (const t of body) {
    if (isOp(t, '{')) depth++;
    else if (isOp(t, '}')) depth--;
    if (depth === 0 && isOp(t, ',')) parts.push([]);
    else parts[parts.length - 1].push(t);
  }
  return parts.length > 1 ? parts : undefined;
}

const plain = (text: string): WordToken[] => [...text].map((ch) => ({ ch, quoted: true }));

/** `{1..5}`, `{05..1..2}`, `{a..e}`: the words of a sequence, or undefined when not one. */
function sequence(body: WordToken[]): WordToken[][] | undefined {
  if (body.some((t) => t.quoted)) return undefined;
  const text = body.map((t) => t.ch).join('');
  const num = /^([-+]?\d+)\.\.([-+]?\d+)(?:\.\.([-+]?\d+))?$/.exec(text);
  const chr = /^([a-zA-Z])\.\.([a-zA-Z])(?:\.\.([-+]?\d+))?$/.exec(text);
  const m = num ?? chr;
  if (!m) return undefined;
  const from = num ? parseInt(m[1], 10) : m[1].charCodeAt(0);
  const to = num ? parseInt(m[2], 10) : m[2].charCodeAt(0);
  const step = Math.abs(parseInt(m[3] ?? '1', 10)) || 1;
  if (Math.abs(to - from) / step > 100_000) throw new ExpansionLimitError('brace sequence is too long');
  const zeroPadded = (n: string) => /^[-+]?0\d/.test(n);
  const width = num && (zeroPadded(m[1]) || zeroPadded(m[2])) ? Math.max(m[1].length, m[2].length) : 0;
  const words: WordToken[][] = [];
  for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
    words.push(plain(num ? pad(v, width) : String.fromCharCode(v)));
  }
  return words;
}

function pad(v: number, width: number): string {
  const digits = String(Math.abs(v)).padStart(width - (v < 0 ? 1 : 0), '0');
  return v < 0 ? `-${digits}` : digits;
}
