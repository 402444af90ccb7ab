import type { TapContext } from '../../hooks/hook-bus.js';
import type { CallContext } from '../call-context.js';
import { callServices } from '../call-steps.js';

/** What the call's tool-hook taps get: the call's services (its task's, and the host's). */
export function tapContext(call: CallContext): TapContext {
  return { services: callServices(call) };
}
