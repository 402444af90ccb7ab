import { coreServices } from '../../container/core-services.js';
import type { ToolResult } from '../../tool/tool-result.js';
import type { CallContext } from '../call-context.js';

/** The last step: one telemetry event per finished call, wherever it stopped. */
export function telemetry(call: CallContext, result: ToolResult): void {
  const sink = call.scope.find(coreServices.telemetry);
  sink?.toolCall({
    taskId: call.task.id,
    tool: call.name,
    stage: call.stage,
    isError: result.isError,
    code: result.code,
    durationMs: Date.now() - call.startedAt,
    approval: call.approval,
  });
}
