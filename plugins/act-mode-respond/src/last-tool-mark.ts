import { coreServices, createServiceRef, STAGE, type PluginContext, type TaskConfig } from '@quiver/core';

/** Whether the task's last completed tool call was a displayed act_mode_respond. */
interface LastToolMark {
  wasRespond: boolean;
}

/** The task's mark: a task-scoped service, so it lives and dies with the task. */
const lastToolRef = createServiceRef<LastToolMark>({ id: 'act-mode-respond.last-tool', scope: 'task' });

/**
 * Provide the per-task mark, kept by a `PostToolUse` tap on the task's own hook bus (made with
 * the mark, gone with the task), so act_mode_respond knows whether the task's previous tool was
 * itself (SPEC Part B §16.4). Any other tool clears the mark. The mark is made the first time
 * act_mode_respond asks for it; before that no call could have set it.
 */
export function trackLastTool(context: PluginContext, tool: string): void {
  context.provide(lastToolRef, (services) => {
    const mark: LastToolMark = { wasRespond: false };
    services.get(coreServices.taskHooks).tap('PostToolUse', { name: context.name, stage: STAGE.AUDIT }, (event) => {
      // A refused act_mode_respond showed nothing: it neither sets nor clears the mark.
      if (event.tool !== tool) mark.wasRespond = false;
      else if (event.success) mark.wasRespond = true;
    });
    return mark;
  });
}

/** True when the task's last completed tool call was act_mode_respond. */
export function lastToolWasRespond(config: TaskConfig): boolean {
  return config.services.find(lastToolRef)?.wasRespond ?? false;
}
