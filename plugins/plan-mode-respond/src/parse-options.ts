/** The fewest and most answer options a question may offer (SPEC Part B §16.1). */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 5;

/**
 * Read the `options` parameter as the baseline does: a JSON array; failing that, a
 * `["a", "b"]` list whose items hold unescaped quotes, split on `", "`. Returns undefined when
 * the value is neither (a complete call then fails with a clear error), `[]` when absent.
 * @example
 * parseOptions('["Yes", "No"]'); // ['Yes', 'No']
 * parseOptions('["Say "hi"", "No"]'); // ['Say "hi"', 'No']
 */
export function parseOptions(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw)) return raw.map(optionText);
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(optionText) : undefined;
  } catch {
    if (text.startsWith('["') && text.endsWith('"]')) return text.slice(2, -2).split('", "');
    return undefined;
  }
}

/**
 * Why a list of options is unusable, or undefined when it is fine: none at all is fine,
 * otherwise 2–5 non-blank options.
 */
export function optionsProblem(raw: unknown, options: string[] | undefined): string | undefined {
  const example = 'for example ["Yes, go ahead", "No, stop"]';
  if (options === undefined) {
    const shown = String(raw).slice(0, 100);
    return `options must be a JSON array of ${MIN_OPTIONS} to ${MAX_OPTIONS} strings, ${example}; got: ${shown}`;
  }
  if (options.length === 0) return undefined;
  if (options.length < MIN_OPTIONS || options.length > MAX_OPTIONS) {
    return `options must list ${MIN_OPTIONS} to ${MAX_OPTIONS} choices, got ${options.length}. Give ${MIN_OPTIONS}-${MAX_OPTIONS} options, or none to let the user answer freely`;
  }
  if (options.some((o) => o.trim() === '')) return `options must not be blank, ${example}`;
  return undefined;
}

function optionText(item: unknown): string {
  return typeof item === 'string' ? item : JSON.stringify(item);
}
