import { definePlugin } from '@quiver/core';
import { executeCommandOptions, executeCommandTool } from './execute-command.js';

export { executeCommandTool, isApprovalRequested, LONG_RUNNING_NOTICE, MODEL_REQUESTED_APPROVAL } from './execute-command.js';
export type { ExecuteCommandParams } from './execute-command.js';
export { runCommand } from './run-command.js';
export { terminateRunningCommands } from './active-commands.js';
export type { RunCommandOptions, CommandRunResult, CommandOutcome } from './run-command.js';
export { formatCommandResult, commandResultToToolResult, LEFTOVERS_NOTE } from './format-command-result.js';
export { resolveCommandTimeoutSeconds, DEFAULT_TIMEOUT_SECONDS, LONG_RUNNING_TIMEOUT_SECONDS } from './command-timeout.js';
export { isLongRunningCommand, LONG_RUNNING_PATTERNS } from './long-running.js';
export { truncateOutput, truncationMarker, DEFAULT_OUTPUT_LIMITS } from './truncate-output.js';
export type { OutputLimits, OmittedOutput, OutputSize } from './truncate-output.js';
export type { OutputStream } from './output-collector.js';

/** The `@quiver/tool-execute-command` plugin: registers `execute_command`. */
export default definePlugin({ name: '@quiver/tool-execute-command', tools: [executeCommandTool], options: executeCommandOptions });
