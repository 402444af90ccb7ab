const OPEN = /^```[^\n`]*\r?\n/;
const CLOSE = /\r?\n```[ \t]*\r?\n?$/;

/**
 * Remove a Markdown code fence only when it wraps the whole content: the first line opens a
 * fence (```` ``` ```` or ```` ```lang ````), the last line closes it, and no other fence line
 * sits between them at the start of a line. Anything else is content and stays as written
 * (a Markdown file ending in a fenced example keeps its fence, unlike the baseline). The
 * content inside keeps its own final newline state: one newline before the closing fence
 * belongs to the fence, so the body is returned with a final newline.
 *
 * @example
 * stripWrappingFence('```python\nprint(1)\n```'); // 'print(1)\n'
 */
export function stripWrappingFence(content: string): string {
  const open = OPEN.exec(content);
  if (!open) return content;
  const rest = content.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (!close) return content;
  const body = rest.slice(0, close.index);
  if (/^```/m.test(body)) return content; // several fenced blocks: it is Markdown, not one wrapped file
  return body + (close[0].startsWith('\r\n') ? '\r\n' : '\n');
}
