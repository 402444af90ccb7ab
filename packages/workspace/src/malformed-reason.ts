/**
 * Why a path is malformed under SPEC P2, or `undefined` when it is well formed.
 *
 * P2 rejects, before any filesystem work: the empty path; C0 control characters and DEL;
 * leading or trailing whitespace; backslashes and colons (Windows separators, drive letters,
 * NTFS streams, URIs); and any component other than `.` and `..` that ends in `.` or a space
 * (Windows silently strips those, so they name a different file than they seem to).
 *
 * @param input - The path as the model wrote it (after any `@name:` hint was removed).
 * @returns A short reason, e.g. `contains a colon`, or `undefined`.
 * @example
 * malformedReason('src/a.ts'); // undefined
 * malformedReason('C:\\x');    // 'contains a backslash'
 */
export function malformedReason(input: string): string | undefined {
  if (plainPath(input)) return undefined;
  if (input.length === 0) return 'is empty';
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f]/.exec(input);
  if (control) return `contains the control character U+${codePoint(control[0])}`;
  // JavaScript's \s misses U+0085 (NEXT LINE), which Unicode counts as white space.
  if (/^[\s\u0085]/u.test(input)) return 'has leading whitespace';
  if (/[\s\u0085]$/u.test(input)) return 'has trailing whitespace';
  if (input.includes('\\')) return 'contains a backslash';
  if (input.includes(':')) return 'contains a colon';
  for (const component of input.split('/')) {
    if (component === '.' || component === '..' || component === '') continue;
    if (component.endsWith('.')) return `has a component ending in "." ("${component}")`;
    if (component.endsWith(' ')) return `has a component ending in a space ("${component}")`;
  }
  return undefined;
}

/**
 * True for the usual path, which needs no closer look: printable ASCII with no space,
 * backslash or colon, and no `.` ending a component. Anything else (`.` and `..` included) is
 * judged by the rules above. Every path-taking call runs this, so it is one pass, no regex.
 */
function plainPath(input: string): boolean {
  const n = input.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 0x5c /* \\ */ || c === 0x3a /* : */) return false;
    if (c === 0x2e /* . */ && (i + 1 === n || input.charCodeAt(i + 1) === 0x2f) /* / */) return false;
  }
  return true;
}

function codePoint(ch: string): string {
  return ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}
