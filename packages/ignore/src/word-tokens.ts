/** One character of a shell word, and whether quoting made it literal. */
export interface WordToken {
  ch: string;
  /** Quoted, escaped, or produced by a substitution: never a glob or brace operator. */
  quoted: boolean;
}

const ANSI: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * Split a word's source text into characters marked quoted or not, so glob and brace
 * expansion (SPEC I2) can tell `*` from `'*'` and `\*`. Quotes are removed; `$'…'` escapes
 * are decoded; substitutions (`$(…)`, backticks, `${…}`, `<(…)`) are kept as literal text,
 * since their results are only known at run time (I5).
 *
 * @param raw - The word exactly as written in the command.
 * @example
 * wordTokens(`'*'.t*`).map((t) => t.quoted); // [true, false, false, false]
 */
export function wordTokens(raw: string): WordToken[] {
  const out: WordToken[] = [];
  const lit = (text: string) => {
    for (const ch of text) out.push({ ch, quoted: true });
  };
  let i = 0;
  while (i < raw.length) {
    const c = raw[i];
    const next = raw[i + 1];
    if (c === '\\') {
      if (next !== '\n' && next !== undefined) lit(next);
      i += 2;
    } else if (c === "'") {
      const end = indexOrEnd(raw, "'", i + 1);
      lit(raw.slice(i + 1, end));
      i = end + 1;
    } else if (c === '$' && next === "'") {
      const end = closingAnsiQuote(raw, i + 2);
      lit(decodeAnsi(raw.slice(i + 2, end)));
      i = end + 1;
    } else if (c === '"' || (c === '$' && next === '"')) {
      i = doubleQuoted(raw, c === '$' ? i + 2 : i + 1, lit);
    } else if ((c === '$' || c === '<' || c === '>') && (next === '(' || (c === '$' && next === '{'))) {
      const end = skipBalanced(raw, i + 1);
      lit(raw.slice(i, end));
      i = end;
    } else if (c === '`') {
      const end = indexOrEnd(raw, '`', i + 1);
      lit(raw.slice(i, end + 1));
      i = end + 1;
    } else {
      const ch = String.fromCodePoint(raw.codePointAt(i) as number);
      out.push({ ch, quoted: c === '$' });
      i += ch.length;
    }
  }
  return out;
}

function indexOrEnd(text: string, ch: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== ch) i += text[i] === '\\' && ch === '`' ? 2 : 1;
  return Math.min(i, text.length);
}

function closingAnsiQuote(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== "'") i += text[i] === '\\' ? 2 : 1;
  return Math.min(i, text.length);
}

/** Read a double-quoted body from `from`; returns the index after the closing quote. */
function doubleQuoted(raw: string, from: number, lit: (t: string) => void): number {
  let i = from;
  while (i < raw.length && raw[i] !== '"') {
    const c = raw[i];
    if (c === '\\' && i + 1 < raw.length) {
      const n = raw[i + 1];
      if (n !== '\n') lit('$`"\\'.includes(n) ? n : `\\${n}`);
      i += 2;
    } else if (c === '$' && (raw[i + 1] === '(' || raw[i + 1] === '{')) {
      const end = skipBalanced(raw, i + 1);
      lit(raw.slice(i, end));
      i = end;
    } else if (c === '`') {
      const end = indexOrEnd(raw, '`', i + 1);
      lit(raw.slice(i, end + 1));
      i = end + 1;
    } else {
      lit(c);
      i++;
    }
  }
  return i + 1;
}

/** From an opening `(` or `{` at `open`, the index after its match (quotes and escapes respected). */
function skipBalanced(raw: string, open: number): number {
  const opener = raw[open];
  const closer = opener === '(' ? ')' : '}';
  let depth = 0;
  let i = open;
  while (i < raw.length) {
    const c = raw[i];
    if (c === '\\') i += 2;
    else if (c === "'") i = indexOrEnd(raw, "'", i + 1) + 1;
    else if (c === '"') i = skipDouble(raw, i + 1);
    else {
      if (c === opener) depth++;
      else if (c === closer && --depth === 0) return i + 1;
      i++;
    }
  }
  return raw.length;
}

function skipDouble(raw: string, from: number): number {
  let i = from;
  while (i < raw.length && raw[i] !== '"') i += raw[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Decode the common `$'…'` escapes; an unknown escape keeps its backslash, as bash does. */
function decodeAnsi(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (all, esc: string) => {
    const kind = esc[0];
    if (kind === 'x' || kind === 'u' || kind === 'U') {
      const cp = parseInt(esc.slice(1), 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
    }
    if (/[0-7]/.test(kind)) return String.fromCharCode(parseInt(esc, 8) & 0xff);
    if (kind === 'c' && esc.length === 2) return String.fromCharCode(esc[1].toUpperCase().charCodeAt(0) ^ 0x40);
    if (kind in ANSI) return ANSI[kind];
    if ('\\\'"?'.includes(kind)) return kind;
    return all;
  });
}
