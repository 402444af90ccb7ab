/** The fewest answer options a question may offer (SPEC Part B §16.1). */
export const MIN_ANSWER_OPTIONS = 2;

/** The most answer options a question may offer (SPEC Part B §16.1). */
export const MAX_ANSWER_OPTIONS = 5;

/**
 * Read an `options` parameter (the answers a question offers, as `ask_followup_question` and
 * `plan_mode_respond` take them) as the baseline does: a JSON array; failing that, a
 * `["a", "b"]` list whose items hold unescaped quotes, split on `", "`. Non-string items
 * become their JSON text.
 * @param raw - the parameter as the model sent it (string, array, or absent).
 * @returns the options; `[]` when absent or blank; undefined when the value is not a list
 * (check with {@link answerOptionsProblem}).
 * @example
 * parseAnswerOptions('["Yes", "No"]'); // ['Yes', 'No']
 * parseAnswerOptions('["Say "hi"", "No"]'); // ['Say "hi"', 'No']
 */
export function parseAnswerOptions(raw: unknown): string[] | undefined {
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
 * Why a list of answer options is unusable, or undefined when it is fine: none at all is
 * fine, otherwise {@link MIN_ANSWER_OPTIONS} to {@link MAX_ANSWER_OPTIONS} non-blank options.
 * @param raw - the parameter as sent, quoted in the message when it was not a list.
 * @param options - what {@link parseAnswerOptions} made of it.
 * @example
 * const options = parseAnswerOptions(p.options);
 * const problem = answerOptionsProblem(p.options, options);
 * if (problem) return errorResult(`Invalid options: ${problem}.`, ERROR_CODES.PARAM_INVALID);
 */
export function answerOptionsProblem(raw: unknown, options: string[] | undefined): string | undefined {
  const example = 'for example ["Yes, go ahead", "No, stop"]';
  const range = `${MIN_ANSWER_OPTIONS} to ${MAX_ANSWER_OPTIONS}`;
  if (options === undefined) return `options must be a JSON array of ${range} strings, ${example}; got: ${String(raw).slice(0, 100)}`;
  if (options.length === 0) return undefined;
  if (options.length < MIN_ANSWER_OPTIONS || options.length > MAX_ANSWER_OPTIONS) {
    return `options must list ${range} choices, got ${options.length}. Give ${MIN_ANSWER_OPTIONS}-${MAX_ANSWER_OPTIONS} options, or none to let the user answer freely`;
  }
  if (options.some((o) => o.trim() === '')) return `options must not be blank, ${example}`;
  return undefined;
}

function optionText(item: unknown): string {
  return typeof item === 'string' ? item : JSON.stringify(item);
}
