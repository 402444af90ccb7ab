/**
 * Reading tool result texts for the terminal: the line worth showing of a failure, the
 * closest-match lines of a failed SEARCH, the counts of a patch.
 */

/** The first informative line of a failure: past the toolError wrapper sentence and its `<error>` tags. */
export function firstInformativeLine(text: string): string {
  return text.split('\n').find((l) => l.trim() && !/^<\/?error>$/.test(l.trim()) && !l.startsWith('The tool execution failed')) ?? '';
}

/** Lines of the closest match at most. */
const MAX_MATCH_LINES = 8;

/**
 * A failed SEARCH's "closest match is at line N" paragraph (write-to-file's wording): the
 * line with the number, the file's lines there, and the first difference.
 */
export function closestMatchLines(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('The closest match is at line '));
  if (start < 0) return [];
  const end = lines.findIndex(
    (l, i) => i > start && (l.startsWith('First difference at line ') || l.trim() === '' || l.startsWith('The file was not changed')),
  );
  const body = lines.slice(start + 1, end < 0 ? undefined : end);
  const shown = body.slice(0, MAX_MATCH_LINES).map((l) => `  ${l}`);
  if (body.length > shown.length) shown.push(`  … ${body.length - shown.length} more lines`);
  const diff = end >= 0 && lines[end].startsWith('First difference at line ') ? [lines[end]] : [];
  return [lines[start], ...shown, ...diff];
}
