/** One line of an ignore file that matters: a gitignore pattern, or an `!include <file>` line. */
export type IgnoreEntry = { kind: 'pattern'; line: string } | { kind: 'include'; file: string };

const INCLUDE = '!include ';

/**
 * Split an ignore file into pattern lines and `!include` lines, in order (Part B §5: an
 * `!include` line is replaced by the included file's lines where it stands, so order keeps
 * last-match-wins right). Blank lines and comments are dropped; the gitignore matcher would
 * skip them anyway. A leading BOM is removed.
 *
 * @param text - The file's content.
 * @example
 * parseIgnoreText('!include .gitignore\n*.secret\n');
 * // [{ kind: 'include', file: '.gitignore' }, { kind: 'pattern', line: '*.secret' }]
 */
export function parseIgnoreText(text: string): IgnoreEntry[] {
  const entries: IgnoreEntry[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith(INCLUDE)) {
      const file = trimmed.slice(INCLUDE.length).trim();
      if (file !== '') entries.push({ kind: 'include', file });
      continue;
    }
    entries.push({ kind: 'pattern', line: raw });
  }
  return entries;
}
