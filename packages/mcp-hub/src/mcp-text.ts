/**
 * The 400 KB cut of MCP responses (SPEC Part B §16.16): longer text keeps its first 409,600
 * characters and ends with a notice the model can act on.
 */

/** The response cut: 400 · 1024 characters (JavaScript string length), as the baseline. */
export const MAX_MCP_RESPONSE_CHARS = 400 * 1024;

/**
 * Cut `text` to `maxChars` and append the truncation notice; shorter text is returned as is.
 * @param maxChars @default MAX_MCP_RESPONSE_CHARS
 */
export function cutMcpText(text: string, maxChars: number = MAX_MCP_RESPONSE_CHARS): string {
  if (text.length <= maxChars) return text;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return (
    `${text.slice(0, maxChars)}\n\n---\n\n[FILE TRUNCATED: This response is ${kb(text.length)} but only the first ${kb(maxChars)} is shown ` +
    `(${kb(text.length - maxChars)} truncated). Ask the server for less (a filter, a page, a narrower query) to see the rest.]`
  );
}
