import { ERROR_CODES, errorResult, responses, resultText, type TaskConfig, type ToolResult } from '@quiver/core';

/** The tool that runs a completion's command; its gates are the ones that apply. */
export const COMMAND_TOOL = 'execute_command';

/** A completion command that ran (its output for the user and the model), or the refusal to return. */
export type CommandOutcome = { ran: true; output: string } | { ran: false; result: ToolResult };

/**
 * Run the completion's `command` through `execute_command` in the same pipeline (SPEC Part A):
 * command permissions, the ignore screen, the destructive classifier, approval and the
 * timeout all apply, exactly as if the model had called `execute_command` itself. The model
 * marks nothing: `requires_approval: false` lets the classifier alone decide escalation.
 */
export async function runCompletionCommand(config: TaskConfig, command: string): Promise<CommandOutcome> {
  if (!config.executor.names().includes(COMMAND_TOOL)) {
    const text =
      `attempt_completion cannot run the command '${command}': the ${COMMAND_TOOL} tool is not loaded in this host. ` +
      'Call attempt_completion again without `command`, and describe in the result how to see it instead.';
    return { ran: false, result: errorResult(responses.toolError(text), ERROR_CODES.TOOL_UNKNOWN) };
  }
  const result = await config.executor.call(COMMAND_TOOL, { command, requires_approval: false });
  // A timed-out command ran: its output so far is shown like any other. Anything else that is
  // an error (denied, blocked, ignored, cancelled) means the command did not run.
  if (!result.isError || result.code === ERROR_CODES.TOOL_TIMEOUT) return { ran: true, output: resultText(result) };
  const text = `The task was not completed: its command '${command}' did not run.\n${resultText(result)}`;
  // The nested call already counted (or spared) the mistake; count it once.
  return { ran: false, result: { ...result, content: [{ type: 'text', text }], mistake: 'keep' } };
}
