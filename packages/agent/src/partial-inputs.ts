import { parsePartialJson } from 'ai';
import type { ToolBlock } from '@quiver/core';

/**
 * Follows the tool calls a model is still writing: each input delta is parsed as partial JSON,
 * and every new, different object is handed on as a partial block (so write_to_file can stream
 * a preview before the call is complete).
 */
export function createPartialInputs(onPartial: (block: ToolBlock) => Promise<unknown>) {
  const calls = new Map<string, { name: string; text: string; last: string }>();
  return {
    start(id: string, name: string): void {
      calls.set(id, { name, text: '', last: '' });
    },
    async delta(id: string, delta: string): Promise<void> {
      const call = calls.get(id);
      if (!call) return;
      call.text += delta;
      const { value, state } = await parsePartialJson(call.text);
      if (state === 'failed-parse' || state === 'undefined-input') return;
      if (!value || typeof value !== 'object' || Array.isArray(value)) return;
      const key = JSON.stringify(value);
      if (key === call.last) return;
      call.last = key;
      await onPartial({ id, name: call.name, params: value as Record<string, unknown>, partial: true });
    },
    end(id: string): void {
      calls.delete(id);
    },
  };
}
