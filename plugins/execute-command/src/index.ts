import { definePlugin } from '@quiver/core';
import { executeCommandOptions, executeCommandTool } from './execute-command.js';

export { executeCommandTool, isApprovalRequested } from './execute-command.js';
export { runCommand, type RunCommandOptions, type CommandRunResult, type CommandOutcome } from './run-command.js';
export { terminateRunningCommands } from './active-commands.js';
export { formatCommandResult, commandResultToToolResult } from './format-command-result.js';
export { resolveCommandTimeoutSeconds } from './command-timeout.js';
export { isLongRunningCommand, LONG_RUNNING_PATTERNS } from './long-running.js';
export { truncateOutput, type OutputLimits, type OmittedOutput, type OutputSize } from './truncate-output.js';
export type { OutputStream } from './output-collector.js';

/** The `@quiver/tool-execute-command` plugin: registers `execute_command`. */
export default definePlugin({ name: '@quiver/tool-execute-command', tools: [executeCommandTool], options: executeCommandOptions });
