import { definePlugin, defineTool, resultText, type PluginDefinition, type TaskState } from '@quiver/core';
import type { Host } from '@quiver/core/host';
import { TASK_STATE_KEYS, type TaskCompletion } from '@quiver/shared';
import { z } from 'zod';

/**
 * The task-state key `attempt_completion` sets when the task is done.
 * @deprecated Use `TASK_STATE_KEYS.completion` from `@quiver/core`.
 */
export const COMPLETION_KEY = TASK_STATE_KEYS.completion;

/** The completion recorded in a task's state, if any. */
export function readCompletion(state: TaskState): TaskCompletion | undefined {
  const value = state.values.get(TASK_STATE_KEYS.completion) as TaskCompletion | undefined;
  return value && typeof value.result === 'string' ? value : undefined;
}

/** The package name of the stand-in completion tool. */
export const COMPLETION_FALLBACK_PACKAGE = '@quiver/agent/attempt-completion';

const attemptCompletion = defineTool({
  name: 'attempt_completion',
  description:
    'Present the result of your work to the user once the task is done. The result must be final: ' +
    'do not end it with a question or an offer of further help. Optionally give a command that shows ' +
    'the result (it runs through the same gates as execute_command).',
  params: z.object({
    result: z.string().describe('The final result of the task.'),
    command: z.string().optional().describe('A command that demonstrates the result, e.g. opening a page.'),
  }),
  approval: 'none',
  async execute(config, { result, command }) {
    let output = '';
    if (command?.trim()) {
      if (!config.executor.names().includes('execute_command')) {
        output = '\n(The command was not run: execute_command is not available.)';
      } else {
        const ran = await config.executor.call('execute_command', { command, requires_approval: false });
        output = `\n\nCommand output:\n${resultText(ran)}`;
      }
    }
    config.taskState.values.set(TASK_STATE_KEYS.completion, { result, ...(command ? { command } : {}) } satisfies TaskCompletion);
    return `[attempt_completion] Result: Done${output}`;
  },
});

/**
 * A minimal `attempt_completion` for hosts without `@quiver/tool-attempt-completion`: it
 * records the result under `TASK_STATE_KEYS.completion` and runs the optional command through
 * `execute_command`. {@link ensureCompletionTool} adds it only when no plugin offers the name.
 */
export const completionFallbackPlugin: PluginDefinition = definePlugin({ name: COMPLETION_FALLBACK_PACKAGE, tools: [attemptCompletion] });

/** Add {@link completionFallbackPlugin} to a host whose registry has no `attempt_completion`. */
export function ensureCompletionTool(host: Host): void {
  if (!host.registry.names().includes('attempt_completion')) host.registry.addPlugin(completionFallbackPlugin);
}
