import { STAGE, type HookBus } from '@quiver/core';

/** Tasks whose last completed tool call was act_mode_respond. Bounded: hosts may run many tasks. */
const lastWasRespond = new Set<string>();
const MAX_TRACKED_TASKS = 1000;

/**
 * Watch every tool call through a `PostToolUse` tap, so act_mode_respond knows whether the
 * task's previous tool was itself (SPEC Part B §16.4). Only tasks whose last call was a
 * displayed act_mode_respond are remembered; any other tool forgets the task again.
 */
export function trackLastTool(hooks: HookBus, plugin: string, tool: string): () => void {
  return hooks.tap('PostToolUse', { name: plugin, stage: STAGE.AUDIT }, (event) => {
    if (event.tool !== tool) {
      lastWasRespond.delete(event.taskId);
      return;
    }
    // A refused act_mode_respond showed nothing: it neither sets nor clears the mark.
    if (!event.success) return;
    lastWasRespond.delete(event.taskId);
    lastWasRespond.add(event.taskId);
    if (lastWasRespond.size > MAX_TRACKED_TASKS) lastWasRespond.delete(lastWasRespond.values().next().value as string);
  });
}

/** True when the task's last completed tool call was act_mode_respond. */
export function lastToolWasRespond(taskId: string): boolean {
  return lastWasRespond.has(taskId);
}
