import { ERROR_CODES } from '../../errors.js';
import { responses } from '../../responses/responses.js';
import { errorResult, type ToolResult } from '../../tool/tool-result.js';
import type { CallContext, Gate } from '../call-context.js';

/**
 * Required parameters, then the zod schema. Blank counts as missing, except for parameters
 * the tool marks `allowEmpty` (a file writer's `content`). Both failures count a mistake.
 */
export const validateParams: Gate = {
  name: 'validate-params',
  run(call) {
    const { tool, params } = call;
    for (const key of tool.required) {
      const value = params[key];
      const blank =
        value === undefined || value === null || (typeof value === 'string' && value.trim() === '' && !tool.allowEmpty.includes(key));
      if (blank) return missing(call, key);
    }
    const parsed = tool.params.safeParse(params);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; ');
      return errorResult(responses.toolError(responses.invalidParameter(call.name, issues)), ERROR_CODES.PARAM_INVALID, 'increment');
    }
    call.parsed = parsed.data as Record<string, unknown>;
    return undefined;
  },
};

async function missing(call: CallContext, key: string): Promise<ToolResult> {
  const { params } = call;
  await call.task.ui.say(
    'error',
    `Quiver tried to use ${call.name}${typeof params.path === 'string' ? ` for '${params.path}'` : ''} without value for required parameter '${key}'. Retrying...`,
  );
  return errorResult(responses.toolError(responses.missingParameter(key, call.name)), ERROR_CODES.PARAM_MISSING, 'increment');
}
