/**
 * The texts the model reads when something goes wrong (SPEC Part B §12, with Quiver's name).
 * One module, so every tool and gate says the same thing the same way.
 */
export const responses = Object.freeze({
  /** The user said no. */
  toolDenied: (): string => 'The user denied this operation.',

  /** A tool failed; the error is wrapped so the model can tell it from output. */
  toolError: (error: string): string => `The tool execution failed with the following error:\n<error>\n${error}\n</error>`,

  /** A path was refused by the ignore rules. */
  ignoreError: (path: string, fileName = '.quiverignore', rule?: string): string =>
    `Access to ${path} is blocked by the ${fileName} file settings${rule ? ` (rule ${rule})` : ''}. ` +
    'You must try to continue in the task without using this file, or ask the user to update the ignore file.',

  /** A command was refused by the command permissions. */
  permissionDenied: (reason: string): string =>
    `Command execution blocked by Quiver command permissions: ${sentence(reason)} ` +
    'Try a different approach that only uses allowed commands, or ask the user to change commandPermissions in quiver.config.',

  /** A required parameter was missing or blank. */
  missingParameter: (param: string, tool?: string): string =>
    `Missing value for required parameter '${param}'${tool ? ` of tool '${tool}'` : ''}. Please retry with complete response.\n\n` +
    "# Reminder: Instructions for Tool Use\n\nEvery required parameter must be present and non-empty. Check the tool's schema and call it again with all of them.",

  /** A parameter had the wrong type or shape. */
  invalidParameter: (tool: string, issues: string): string =>
    `Invalid parameters for tool '${tool}': ${sentence(issues)} Fix the parameters to match the tool's schema and call it again.`,

  /** The same call was repeated. */
  repeatedToolCall: (tool: string, count: number): string =>
    `[WARNING] You have called '${tool}' with identical arguments ${count} times in a row. ` +
    'Repeating it will not give a different result. Change your approach: use the result you already have, try different arguments, or another tool.',

  /** Too many consecutive mistakes. */
  tooManyMistakes: (feedback?: string): string =>
    `You seem to be having trouble proceeding. The user has provided the following feedback to help guide you:\n<feedback>\n${feedback ?? ''}\n</feedback>`,

  /** One tool per message when parallel calling is off. */
  toolAlreadyUsed: (tool: string): string =>
    `Tool [${tool}] was not executed because a tool has already been used in this message. Only one tool may be used per message. You must assess the first tool's result before proceeding to use the next tool.`,

  /** A tool was skipped after the user rejected an earlier one. */
  skippedAfterRejection: (description: string): string => `Skipping tool ${description} due to user rejecting a previous tool.`,

  /** A tool that does not exist. */
  unknownTool: (tool: string, available: string[]): string => `No tool named '${tool}' is available. Use one of: ${available.join(', ')}.`,
});

/** End a fragment with exactly one full stop (messages from zod and the gates may bring their own). */
function sentence(text: string): string {
  const t = text.trimEnd();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
