import { errorResult, textResult, ERROR_CODES, type ToolResult } from '@quiver/core';
import type { CommandRunResult } from './run-command.js';

/** Said after the output when background processes had to be killed once the shell exited. */
export const LEFTOVERS_NOTE =
  'Note: processes the command left running in the background were terminated; Quiver never leaves processes behind. Run servers and watchers outside Quiver.';

/**
 * The result text of a command run (SPEC Part B §3 Results, Part A timeout): the outcome
 * sentence, then `\nOutput:\n` and the output (already cut to head + tail).
 * @example
 * formatCommandResult({ outcome: 'exited', exitCode: 2, output: 'boom', ... });
 * // "Command failed with exit code 2.\nOutput:\nboom"
 */
export function formatCommandResult(result: CommandRunResult & { notice?: string }): string {
  const text = `${outcomeSentence(result)}\nOutput:\n${result.output.replace(/\s+$/, '')}`;
  const leftovers = (result.outcome === 'exited' || result.outcome === 'signalled') && result.killed.length > 0;
  const withLeftovers = leftovers ? `${text}\n\n${LEFTOVERS_NOTE}` : text;
  // Where it ran, when not in the sandbox on purpose (unsandboxed fallback, excluded, escaped).
  return result.notice ? `${withLeftovers}\n\n${result.notice}` : withLeftovers;
}

function outcomeSentence(result: CommandRunResult): string {
  switch (result.outcome) {
    case 'timed-out':
      return `Command timed out after ${result.timeoutSeconds} ${result.timeoutSeconds === 1 ? 'second' : 'seconds'} and was terminated (process tree killed).`;
    case 'aborted':
      return 'Command was cancelled and terminated (process tree killed).';
    case 'signalled':
      return `Command terminated by signal ${result.signal}.`;
    default:
      return result.exitCode === 0 ? 'Command executed successfully (exit code 0).' : `Command failed with exit code ${result.exitCode}.`;
  }
}

/**
 * The tool result of a command run. A command that exited, whatever its code, or died of a
 * signal is a normal result: the model reads the exit code in the text. A timeout
 * (`QUIVER_ERR_TOOL_TIMEOUT`) or a cancel (`QUIVER_ERR_TOOL_ABORTED`) is an error result.
 * None of them counts as a mistake: the command ran, so the count resets, as the baseline's
 * does right after validation.
 */
export function commandResultToToolResult(result: CommandRunResult & { notice?: string }): ToolResult {
  const text = formatCommandResult(result);
  if (result.outcome === 'timed-out') return errorResult(text, ERROR_CODES.TOOL_TIMEOUT, 'reset');
  if (result.outcome === 'aborted') return errorResult(text, ERROR_CODES.TOOL_ABORTED, 'reset');
  return textResult(text);
}
