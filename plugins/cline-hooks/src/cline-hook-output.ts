/** What a Cline hook script answers on stdout (SPEC Part B §10). */
export interface ClineHookOutput {
  cancel: boolean;
  contextModification?: string;
  errorMessage?: string;
}

/** The most context one hook may add. */
export const MAX_CONTEXT_CHARS = 50_000;
const TRUNCATED = '\n\n[... context truncated due to size limit ...]';

/**
 * Read a script's stdout the way the baseline does: the last balanced `{…}` in it (scripts
 * often log before their answer), valid only with the right types — a deprecated
 * `shouldContinue`, or a `cancel` that is not a boolean, counts as no JSON. Long context is cut.
 * @returns the answer, or undefined when there is no valid JSON
 */
export function parseClineHookOutput(stdout: string): ClineHookOutput | undefined {
  const json = lastObject(stdout);
  if (!json || 'shouldContinue' in json) return undefined;
  const { cancel, contextModification, errorMessage } = json;
  if (cancel !== undefined && typeof cancel !== 'boolean') return undefined;
  if (contextModification !== undefined && typeof contextModification !== 'string') return undefined;
  if (errorMessage !== undefined && typeof errorMessage !== 'string') return undefined;
  const out: ClineHookOutput = { cancel: cancel === true };
  if (contextModification) {
    out.contextModification =
      contextModification.length > MAX_CONTEXT_CHARS ? contextModification.slice(0, MAX_CONTEXT_CHARS) + TRUNCATED : contextModification;
  }
  if (errorMessage) out.errorMessage = errorMessage;
  return out;
}

/** The last top-level balanced `{…}` that parses as a JSON object. */
function lastObject(text: string): Record<string, unknown> | undefined {
  let found: Record<string, unknown> | undefined;
  for (let i = text.indexOf('{'); i !== -1; ) {
    const end = matchingBrace(text, i);
    if (end === -1) {
      i = text.indexOf('{', i + 1);
      continue;
    }
    try {
      const value: unknown = JSON.parse(text.slice(i, end + 1));
      if (value && typeof value === 'object' && !Array.isArray(value)) found = value as Record<string, unknown>;
      i = text.indexOf('{', end + 1);
    } catch {
      i = text.indexOf('{', i + 1);
    }
  }
  return found;
}

/** The index of the `}` closing the `{` at `start`, minding strings; -1 if unbalanced. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}
