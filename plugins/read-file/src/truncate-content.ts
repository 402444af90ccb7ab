/**
 * The whole-file character cut (SPEC Part B §6): content longer than 409,600 JavaScript
 * characters keeps its first 409,600 and ends with a notice the model can act on.
 */

/** The cut for whole-file reads: 400 · 1024 characters (JavaScript string length). */
export const MAX_CONTENT_CHARS = 400 * 1024;

/** Where the truncation notice starts; the line-number formatter leaves it unnumbered. */
export const TRUNCATION_MARKER = '\n\n---\n\n[FILE TRUNCATED:';

/**
 * A size for people: `B` under 1 KiB, else `KB` or `MB` with one decimal.
 * @example formatBytes(409_600) // '400.0 KB'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Cut `content` to `maxChars` and append the baseline's notice; shorter content is returned
 * unchanged. Sizes are character counts, shown with {@link formatBytes} as the baseline does.
 * @param maxChars @default MAX_CONTENT_CHARS
 */
export function truncateContent(content: string, maxChars: number = MAX_CONTENT_CHARS): string {
  if (content.length <= maxChars) return content;
  const cutAmount = content.length - maxChars;
  return (
    `${content.slice(0, maxChars)}${TRUNCATION_MARKER} This content is ${formatBytes(content.length)} ` +
    `but only the first ${formatBytes(maxChars)} is shown (${formatBytes(cutAmount)} truncated). ` +
    'Use search_files to find specific patterns, or execute_command with grep/head/tail for targeted reading.]'
  );
}
