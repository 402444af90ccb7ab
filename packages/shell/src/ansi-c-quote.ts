const SIMPLE: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Up to `max` digits of `radix` starting at `at`. */
function digits(body: string, at: number, max: number, pattern: RegExp): string {
  let end = at;
  while (end < body.length && end - at < max && pattern.test(body[end])) end++;
  return body.slice(at, end);
}

/** One escape after the backslash at `at`: the decoded text and how many characters it used. */
function decodeEscape(body: string, at: number): [string, number] {
  const c = body[at + 1];
  if (c === undefined) return ['\\', 1];
  if (c in SIMPLE) return [SIMPLE[c], 2];
  if (/[0-7]/.test(c)) {
    const oct = digits(body, at + 1, 3, /[0-7]/);
    return [String.fromCharCode(parseInt(oct, 8) & 0xff), 1 + oct.length];
  }
  const wide = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
  if (wide) {
    const hex = digits(body, at + 2, wide, /[0-9a-fA-F]/);
    if (!hex) return ['\\' + c, 2];
    const cp = parseInt(hex, 16);
    const text = c === 'x' ? String.fromCharCode(cp) : cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
    return [text, 2 + hex.length];
  }
  if (c === 'c' && at + 2 < body.length) {
    return [String.fromCharCode(body[at + 2].toUpperCase().charCodeAt(0) ^ 0x40), 3];
  }
  return ['\\' + c, 2];
}

/**
 * Decode the body of a `$'…'` string the way bash does (R1, R5: `$'\x63url'` is `curl`).
 * Unknown escapes stay as written; a NUL ends the string, as it does in bash.
 *
 * @param body - the text between `$'` and the closing `'`
 * @example decodeAnsiCQuote('\\x63url') // 'curl'
 */
export function decodeAnsiCQuote(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; ) {
    if (body[i] !== '\\') {
      out += body[i++];
      continue;
    }
    const [text, used] = decodeEscape(body, i);
    const nul = text.indexOf('\0');
    if (nul >= 0) return out + text.slice(0, nul);
    out += text;
    i += used;
  }
  return out;
}
