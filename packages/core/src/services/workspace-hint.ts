/** A `@name:` workspace hint, as written: `name` may name no root (the workspace decides). */
export interface WorkspaceHint {
  /** The root name after `@`. */
  name: string;
  /** The path or command after the colon. */
  rest: string;
}

/** `@name:rest`: a name without `:` or `/` (so `@scope/pkg:x` and URLs are no hints), then anything, newlines included. */
const HINT = /^@([^:/]+):(.*)$/s;

/**
 * The one reading of the `@name:` workspace hint (multi-root workspaces): a path or command
 * that starts with `@name:` names the root to resolve or run it in. This is syntax only; the
 * workspace service says whether the name is a root. In a command the name has no whitespace
 * either (`@a b:c` is a command, not a hint).
 * @param text - a path or command as the model wrote it
 * @param kind - `command` for a command parameter
 * @example
 * parseWorkspaceHint('@web:src/a.ts'); // { name: 'web', rest: 'src/a.ts' }
 * parseWorkspaceHint('@types/node:x'); // undefined
 */
export function parseWorkspaceHint(text: string, kind: 'path' | 'command' = 'path'): WorkspaceHint | undefined {
  if (text.charCodeAt(0) !== 64 /* @ */) return undefined;
  const m = HINT.exec(text);
  if (!m || (kind === 'command' && /\s/.test(m[1]))) return undefined;
  return { name: m[1], rest: m[2] };
}
