import { resultText, type HookName, type ToolResult } from '@quiver/core';

/** Who is running, for the common fields of every hook input. */
export interface HookRunContext {
  taskId: string;
  workspaceRoots: string[];
  model: { provider: string; slug: string };
  userId: string;
  version: string;
}

/**
 * The JSON a Cline hook script reads on stdin (SPEC Part B §10, camelCase): the common fields
 * plus one event object — `preToolUse{toolName, parameters}` (values as strings),
 * `postToolUse{…, result, success, executionTimeMs}`, `userPromptSubmit{prompt, attachments}`,
 * `taskStart|taskResume|taskComplete|taskCancel{taskMetadata}`, `notification`, `preCompact`.
 */
export function clineHookInput(hook: HookName, event: Record<string, unknown>, ctx: HookRunContext): Record<string, unknown> {
  const common = {
    clineVersion: ctx.version,
    hookName: hook,
    timestamp: String(Date.now()),
    taskId: ctx.taskId,
    workspaceRoots: ctx.workspaceRoots,
    userId: ctx.userId,
    model: { provider: ctx.model.provider || 'unknown', slug: ctx.model.slug || 'unknown' },
  };
  const taskMetadata = { taskId: ctx.taskId, ulid: ctx.taskId, initialTask: typeof event.task === 'string' ? event.task : '' };
  switch (hook) {
    case 'PreToolUse':
      return { ...common, preToolUse: { toolName: event.tool, parameters: stringParams(event.input) } };
    case 'PostToolUse': {
      const result = event.result as ToolResult | undefined;
      return {
        ...common,
        postToolUse: {
          toolName: event.tool,
          parameters: stringParams(event.input),
          result: result ? resultText(result) : '',
          success: event.success === true,
          executionTimeMs: event.durationMs ?? 0,
        },
      };
    }
    case 'UserPromptSubmit':
      return { ...common, userPromptSubmit: { prompt: event.prompt ?? '', attachments: [] } };
    case 'TaskStart':
      return { ...common, taskStart: { taskMetadata } };
    case 'TaskResume':
      return { ...common, taskResume: { taskMetadata, previousState: {} } };
    case 'TaskComplete':
      return { ...common, taskComplete: { taskMetadata: { ...taskMetadata, result: event.result ?? '' } } };
    case 'TaskCancel':
      return { ...common, taskCancel: { taskMetadata } };
    case 'Notification':
      return { ...common, notification: { message: event.message ?? '' } };
    case 'PreCompact':
      return { ...common, preCompact: {} };
  }
}

/** `parameters` is a map of strings: other values are sent as JSON. */
function stringParams(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}
