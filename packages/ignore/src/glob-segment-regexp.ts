import type { WordToken } from './word-tokens.js';

const CLASSES: Record<string, string> = {
  alnum: '\\p{L}\\p{N}',
  alpha: '\\p{L}',
  blank: ' \\t',
  cntrl: '\\p{Cc}',
  digit: '0-9',
  graph: '\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}',
  lower: '\\p{Ll}',
  print: '\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Zs}',
  punct: '\\p{P}\\p{S}',
  space: '\\s',
  upper: '\\p{Lu}',
  word: '\\p{L}\\p{N}_',
  xdigit: '0-9A-Fa-f',
};

// With the `u` flag only syntax characters may be escaped outside a class (`\-` is a
// SyntaxError there), while inside a class `-` must be escaped to stay literal.
const escapeRe = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
const escapeInClass = (ch: string) => ch.replace(/[\\^\]\[-]/g, '\\$&');
const isOp = (t: WordToken | undefined, ch: string) => t !== undefined && !t.quoted && t.ch === ch;

/**
 * True when a path segment holds an active glob operator: an unquoted `*` or `?`, or an
 * unquoted `[` that opens a complete bracket expression.
 */
export function hasActiveGlob(segment: WordToken[]): boolean {
  return segment.some((t, i) => isOp(t, '*') || isOp(t, '?') || (isOp(t, '[') && bracketEnd(segment, i) > 0));
}

/**
 * A RegExp matching one file name against one glob segment, bash style: `*` any run, `?` one
 * character, `[…]` with `!`/`^` negation, ranges and POSIX classes. Leading dots need no
 * explicit match (SPEC I2 includes hidden files). Matching is case-sensitive, as in bash.
 *
 * @param segment - The tokens of one `/`-free segment.
 */
export function globSegmentRegExp(segment: WordToken[]): RegExp {
  let re = '';
  for (let i = 0; i < segment.length; i++) {
    const t = segment[i];
    if (isOp(t, '*')) re += '.*';
    else if (isOp(t, '?')) re += '.';
    else if (isOp(t, '[') && bracketEnd(segment, i) > 0) {
      const end = bracketEnd(segment, i);
      re += bracketClass(segment.slice(i + 1, end));
      i = end;
    } else re += escapeRe(t.ch);
  }
  return new RegExp(`^${re}$`, 'su');
}

/** Index of the `]` closing the bracket expression opened at `open`, or -1. */
function bracketEnd(segment: WordToken[], open: number): number {
  let i = open + 1;
  if (isOp(segment[i], '!') || isOp(segment[i], '^')) i++;
  if (segment[i]?.ch === ']') i++;
  for (; i < segment.length; i++) {
    if (isOp(segment[i], '[') && isOp(segment[i + 1], ':')) {
      const close = segment.findIndex((t, k) => k > i + 1 && isOp(t, ':') && isOp(segment[k + 1], ']'));
      if (close > 0) i = close + 1;
      continue;
    }
    if (isOp(segment[i], ']')) return i;
  }
  return -1;
}

function bracketClass(body: WordToken[]): string {
  let i = 0;
  let negate = false;
  if (isOp(body[0], '!') || isOp(body[0], '^')) {
    negate = true;
    i = 1;
  }
  let out = '';
  for (; i < body.length; i++) {
    const t = body[i];
    if (isOp(t, '[') && isOp(body[i + 1], ':')) {
      const close = body.findIndex((b, k) => k > i + 1 && isOp(b, ':') && isOp(body[k + 1], ']'));
      if (close > 0) {
        const name = body
          .slice(i + 2, close)
          .map((b) => b.ch)
          .join('');
        out += CLASSES[name] ?? '';
        i = close + 1;
        continue;
      }
    }
    if (isOp(body[i + 1], '-') && body[i + 2] !== undefined) {
      const lo = t.ch;
      const hi = body[i + 2].ch;
      if (lo <= hi) out += `${escapeInClass(lo)}-${escapeInClass(hi)}`;
      i += 2;
      continue;
    }
    out += escapeInClass(t.ch);
  }
  if (out === '') return negate ? '[^]' : '[]';
  return `[${negate ? '^' : ''}${out}]`;
}
