import type { TaskConfig } from '../tool/task-config.js';
import type { CallContext } from './call-context.js';
import { coreServices } from '../container/core-services.js';
import { callServices } from './call-steps.js';

/** A fresh, frozen TaskConfig for one execution, built from the task scope (SPEC Part B §2). */
export function buildTaskConfig(call: CallContext): TaskConfig {
  const { task } = call;
  const workspace = call.scope.find(coreServices.workspace);
  return Object.freeze({
    taskId: task.id,
    tool: call.name,
    cwd: task.cwd,
    workspaceRoots: workspace ? workspace.roots : [{ name: 'root', path: task.cwd }],
    mode: task.mode,
    yolo: task.approver.settings.yolo,
    isSubagentExecution: task.isSubagent,
    taskState: task.state,
    messageState: task.messages,
    readCache: task.readCache,
    mistakes: task.mistakes,
    services: callServices(call),
    ui: task.ui,
    executor: task.caller,
    paths: frozenCopy(call.paths),
    command: call.command ?? undefined,
    approval: call.approval,
    options: task.tools.options(call.name),
    signal: task.signal,
    modelId: task.modelId,
    approvalSettings: task.approver.settings,
  });
}

/**
 * A frozen copy of the call's resolved paths. Copied key by key: V8 freezes an object made by
 * a spread (`{ ...paths }`) on a slow path, several times the cost of the copy itself.
 */
function frozenCopy(paths: CallContext['paths']): CallContext['paths'] {
  const copy: CallContext['paths'] = {};
  for (const key in paths) copy[key] = paths[key];
  return Object.freeze(copy);
}
