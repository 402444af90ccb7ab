/**
 * The texts the agent loop adds to the conversation (SPEC Part B §11, §12, §16.12), in one
 * place so every host and subagent says the same thing.
 */
export const agentResponses = Object.freeze({
  /** An assistant turn without a tool call (counts a mistake). */
  noToolsUsed: (): string =>
    '[ERROR] You did not use a tool in your previous response! Please retry with a tool use.\n\n' +
    '# Reminder: Instructions for Tool Use\n\n' +
    'Act only through the tools you were given, with every required parameter.\n\n' +
    '# Next Steps\n\n' +
    "If you have completed the user's task, use the attempt_completion tool.\n" +
    'If you require additional information from the user, use the ask_followup_question tool (when you have it).\n' +
    'Otherwise, if you have not completed the task and do not need additional information, then proceed with the next step of the task.\n' +
    '(This is an automated message, so do not respond to it conversationally.)',

  /** Yolo mode hit the mistake limit: the task ends. */
  yoloMistakeLimit: (count: number): string =>
    `[YOLO MODE] Task failed: Too many consecutive mistakes (${count}). The model kept making errors (missing parameters, failing tools, or no tool use) and the task was stopped so it does not loop forever.`,

  /** The question put to the user when the mistake limit is reached. */
  mistakeLimitQuestion: (count: number, modelId?: string): string =>
    `The model has made ${count} consecutive mistakes and seems to be having trouble proceeding. ` +
    (modelId && /claude/i.test(modelId)
      ? 'This may be a sign that the task is too complex or unclear. Try breaking it into smaller steps, or give it some guidance.'
      : 'Models other than Claude sometimes struggle with tool use; try a stronger model, break the task into smaller steps, or give it some guidance.') +
    ' Type guidance for the model (empty to let it try again):',

  /** The question put to the user when identical calls in a row tripped the limit. */
  loopQuestion: (loop: string): string =>
    `${loop} and seems to be stuck in a loop. Type guidance for the model (empty to let it try again):`,

  /** A tool the subtask may not call. */
  toolNotAllowed: (tool: string, allowed: string[]): string =>
    `Tool '${tool}' is not available inside subagent runs. Use one of: ${allowed.join(', ')}.`,

  /** A tool call whose arguments were not valid JSON. */
  invalidToolInput: (tool: string): string =>
    `The arguments of your '${tool}' call were not valid JSON. Retry the call with a JSON object that matches the tool's schema.`,

  /** Images of a tool result, sent separately to providers without images in tool results. */
  toolImages: (tool: string): string => `The images returned by the ${tool} tool call above:`,

  /** Images a provider cannot take at all. */
  imagesOmitted: (count: number): string =>
    `[${count} image${count === 1 ? ' was' : 's were'} returned by the tool, but this model provider cannot receive images here.]`,
});
