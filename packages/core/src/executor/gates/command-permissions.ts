import { coreServices } from '../../container/core-services.js';
import { ERROR_CODES } from '../../errors.js';
import { responses } from '../../responses/responses.js';
import type { CommandPermissionService } from '../../services/command-permissions.js';
import type { ScreenedCommand } from '../../tool/task-config.js';
import { errorResult, type ToolResult } from '../../tool/tool-result.js';
import type { CallContext, Gate } from '../call-context.js';
import { commandOf } from './command-of.js';

/**
 * R1–R9 on the tool's command parameter, before anything else looks at it. A denial is not
 * the model's mistake (baseline): the count is kept.
 */
export const commandPermissions: Gate = {
  name: 'command-permissions',
  run(call) {
    const command = commandOf(call);
    if (command === undefined) return undefined;
    const permissions = call.scope.find(coreServices.permissions);
    if (!permissions) return undefined;
    return checked(call, permissions, command);
  },
};

async function checked(
  call: CallContext,
  permissions: CommandPermissionService,
  command: ScreenedCommand,
): Promise<ToolResult | undefined> {
  // The screened command itself, so the services of this call share its one parse.
  const decision = await permissions.check(command);
  if (decision.allowed) return undefined;
  if (!call.task.isSubagent) await call.task.ui.say('command_permission_denied', decision.message, decision);
  return errorResult(responses.toolError(responses.permissionDenied(decision.message)), ERROR_CODES.COMMAND_DENIED, 'keep');
}
