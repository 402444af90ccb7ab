import { createServiceRef, STAGE, type PluginContext, type TaskConfig } from '@quiver/core';

/** Whether the task's last completed tool call was a displayed act_mode_respond. */
interface LastToolMark {
  wasRespond: boolean;
}

/** The task's mark: a task-scoped service, so it lives and dies with the task. */
const lastToolRef = createServiceRef<LastToolMark>({ id: 'act-mode-respond.last-tool', scope: 'task' });

/**
 * Provide the per-task mark and keep it with a `PostToolUse` tap on the task's own services,
 * so act_mode_respond knows whether the task's previous tool was itself (SPEC Part B §16.4).
 * Any other tool clears the mark.
 */
export function trackLastTool(context: PluginContext, tool: string): void {
  context.provide(lastToolRef, () => ({ wasRespond: false }));
  context.hooks.tap('PostToolUse', { name: context.name, stage: STAGE.AUDIT }, (event, { services }) => {
    const mark = services?.find(lastToolRef);
    if (!mark) return;
    // A refused act_mode_respond showed nothing: it neither sets nor clears the mark.
    if (event.tool !== tool) mark.wasRespond = false;
    else if (event.success) mark.wasRespond = true;
  });
}

/** True when the task's last completed tool call was act_mode_respond. */
export function lastToolWasRespond(config: TaskConfig): boolean {
  return config.services.find(lastToolRef)?.wasRespond ?? false;
}
