import { coreServices } from '../../container/core-services.js';
import type { CallContext } from '../call-context.js';

/** The call's command with any `@root:` workspace hint removed, or undefined for non-command tools. */
export function commandOf(call: CallContext): string | undefined {
  const key = call.tool.command;
  if (!key) return undefined;
  const raw = call.parsed[key] ?? call.params[key];
  if (typeof raw !== 'string') return undefined;
  const workspace = call.scope.find(coreServices.workspace);
  if (!workspace || !/^@[^:\s]+:/.test(raw)) return raw;
  return workspace.splitHint(raw).rest;
}
