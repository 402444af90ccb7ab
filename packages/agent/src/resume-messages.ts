import type { ModelMessage, ToolResultPart } from 'ai';

/** The note a resumed conversation gets before the model is asked again. */
export const RESUMPTION_NOTE =
  '[TASK RESUMPTION] This task was interrupted (a provider failure, Ctrl-C or a crash) and has now been resumed. ' +
  'The conversation so far is above. Files may have changed since then: check before you rely on them. Continue the task.';

/** The result given to a tool call that never got one (the run stopped mid-call). */
export const INTERRUPTED_CALL =
  'The tool call was interrupted before it finished (the task stopped and was resumed). It may or may not have taken effect: check, then run it again if needed.';

/**
 * What a resumed conversation needs after its saved messages: a result for every tool call
 * left without one (providers refuse a call without its result), then the resumption note
 * with the user's new words, if any.
 * @example
 * const tail = resumeTail(saved, 'also update the docs');
 */
export function resumeTail(saved: readonly ModelMessage[], prompt?: string): ModelMessage[] {
  const answered = new Set<string>();
  for (const m of saved) if (m.role === 'tool') for (const p of m.content) if (p.type === 'tool-result') answered.add(p.toolCallId);
  const missing: ToolResultPart[] = [];
  for (const m of saved) {
    if (m.role !== 'assistant' || typeof m.content === 'string') continue;
    for (const p of m.content) {
      if (p.type === 'tool-call' && !answered.has(p.toolCallId)) {
        missing.push({
          type: 'tool-result',
          toolCallId: p.toolCallId,
          toolName: p.toolName,
          output: { type: 'error-text', value: INTERRUPTED_CALL },
        });
      }
    }
  }
  const note = prompt?.trim() ? `${RESUMPTION_NOTE}\n\nThe user adds:\n${prompt.trim()}` : RESUMPTION_NOTE;
  return [...(missing.length ? [{ role: 'tool' as const, content: missing }] : []), { role: 'user', content: note }];
}
