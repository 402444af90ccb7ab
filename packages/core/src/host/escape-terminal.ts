/**
 * Characters that change what a terminal shows instead of being shown: C0 controls (ESC starts
 * colour, cursor-movement, erase-line, title and OSC 52 clipboard sequences; CR returns to the
 * line's start; BS moves back), DEL, the C1 controls (U+009B is a one-character CSI), and the
 * Unicode bidi overrides and isolates that reorder text ("Trojan Source"). Tab and newline are
 * layout, not control, unless `multiline: false`.
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_ANY = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const CONTROL_OR_LAYOUT = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = {
  '\r': '\\r',
  '\n': '\\n',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
  '\v': '\\v',
  '\u001b': '\\x1b',
};

/** Options of {@link escapeTerminal}. */
export interface EscapeTerminalOptions {
  /** Keep newlines and tabs as they are. A CR before a newline (CRLF) is dropped. @default true */
  multiline?: boolean;
}

/**
 * The one escaping function for text from a model or a program on its way to a user's
 * terminal (SPEC C4): every control character is shown as a visible escape (`\r`, `\x1b`,
 * `\u202e`), so nothing printed can move the cursor, erase a line, retitle the window or
 * write the clipboard. Use it for commands in approval prompts, tool output, file names,
 * model text. Not for `--json` output (JSON escapes on its own) nor for files.
 * @example
 * escapeTerminal('ok\r\u001b[2Kfake') // 'ok\\r\\x1b[2Kfake'
 */
export function escapeTerminal(text: string, options: EscapeTerminalOptions = {}): string {
  const multiline = options.multiline ?? true;
  const input = multiline ? text.replace(/\r\n/g, '\n') : text;
  return input.replace(multiline ? CONTROL : CONTROL_OR_LAYOUT, escapeOne);
}

/** True when `text` holds any character {@link escapeTerminal} would change (tab and newline included). */
export function hasControlChars(text: string): boolean {
  return CONTROL_ANY.test(text);
}

function escapeOne(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
