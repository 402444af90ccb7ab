import { ERROR_CODES } from '../errors.js';
import { responses } from '../responses/responses.js';
import { whyNotOffered, type OfferableTool } from '../tool/offered-tools.js';
import { errorResult, type ToolResult } from '../tool/tool-result.js';
import type { ToolDefinition } from '../tool/define-tool.js';
import type { CallOptions, TaskContext, TaskOffer, ToolSource } from './call-context.js';

/**
 * A model call's refusal, or undefined when it may go on: `found` is the tool (checked against
 * the offer) or the lookup's error result (an unknown name is refused naming what the model
 * may use instead; a plugin that failed to load keeps its own error).
 */
export function modelRefusal(
  task: TaskContext,
  name: string,
  found: ToolDefinition | ToolResult,
  options: CallOptions,
): ToolResult | undefined {
  const offer = options.offer ?? task.offer;
  if ('execute' in found) return refuseUnoffered(task, name, found, offer);
  return found.code === ERROR_CODES.TOOL_UNKNOWN ? refuseUnoffered(task, name, undefined, offer) : undefined;
}

/**
 * The one check of a model's call against what its surface offers (`whyNotOffered`: enabled,
 * not hidden, requirements met, agent-loop tools only where the loop runs). Undefined when the
 * model may call `tool`; else the refusal, naming the tools it may use. `tool` is undefined
 * for a name no enabled plugin registers.
 */
export function refuseUnoffered(
  task: TaskContext,
  name: string,
  tool: OfferableTool | undefined,
  offer: TaskOffer,
): ToolResult | undefined {
  if (tool && whyNotOffered(tool, offer, task.tools.settings?.(name)) === undefined) return undefined;
  const offered = offeredNames(task.tools, offer);
  return errorResult(
    offer.refusal ? offer.refusal(name, offered) : responses.toolError(responses.unknownTool(name, offered)),
    ERROR_CODES.TOOL_UNKNOWN,
  );
}

/** The names a model may call on this surface (every name, for a tool source that cannot list). */
function offeredNames(tools: ToolSource, offer: TaskOffer): string[] {
  if (!tools.list) return tools.names();
  return tools
    .list({ includeHidden: true })
    .filter((t) => whyNotOffered(t, offer, tools.settings?.(t.name)) === undefined)
    .map((t) => t.name);
}
