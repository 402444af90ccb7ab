/** The most prompts one use_subagents call may carry (SPEC Part B §16.12). */
export const MAX_SUBAGENT_PROMPTS = 5;

/**
 * The prompts of a call: an array, or a string holding a JSON array (as models often send),
 * or one plain prompt; trimmed, blanks dropped.
 */
export function normalizePrompts(value: unknown): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        list = [text];
      }
    } else {
      list = [text];
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter((p): p is string => typeof p === 'string')
    .map((p) => p.trim())
    .filter(Boolean);
}
