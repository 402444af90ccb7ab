import type { TaskConfig } from '../tool/task-config.js';
import type { CallContext } from './call-context.js';
import { coreServices } from '../container/core-services.js';
import { callServices } from './call-steps.js';

/** A fresh, frozen TaskConfig for one execution, built from the task scope (SPEC Part B §2). */
export function buildTaskConfig(call: CallContext): TaskConfig {
  const { task } = call;
  const workspace = call.scope.find(coreServices.workspace);
  const config = {
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
    paths: Object.freeze({ ...call.paths }),
    command: call.command ?? undefined,
    approval: call.approval,
    options: task.tools.options(call.name),
    signal: undefined as unknown as AbortSignal,
    modelId: task.modelId,
    approvalSettings: task.approver.settings,
  };
  // A task's first call reads its signal only if the tool does (an MCP call is a task of its
  // own, and most never read it: making the signal and aborting it at dispose cost more than
  // the call's other steps). A getter costs too, so from the second call on the signal is made.
  const lazy = task.lazySignal;
  if (lazy.made || lazy.configs++ > 0) config.signal = task.signal;
  else Object.defineProperty(config, 'signal', { get: () => task.signal, enumerable: true });
  return Object.freeze(config);
}
