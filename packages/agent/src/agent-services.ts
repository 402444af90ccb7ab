import { createServiceRef } from '@quiver/core';
import type { Host } from '@quiver/core/host';

/** The model a host runs its agent loop on, for tools that start loops of their own. */
export interface AgentModel {
  /** A Vercel AI SDK `LanguageModel` (typed `unknown` so tools need not depend on `ai`). */
  languageModel: unknown;
  /** The model id, e.g. `claude-sonnet-4-5`. */
  modelId: string;
  /** The provider name, e.g. `anthropic`, when known. */
  provider?: string;
  /** The same provider with another model id (a subagent config's `model`), when the host can make one. */
  withModelId?(modelId: string): unknown;
}

/**
 * Services an agent host provides, so tools such as `use_subagents` can run subtasks on the
 * same host and model. `quiver run` provides both (see {@link provideAgentServices}).
 */
export const agentServices = Object.freeze({
  /** The model of the running agent loop. */
  model: createServiceRef<AgentModel>({ id: 'agent.model', scope: 'root' }),
  /** The host the loop runs on (subtasks are new tasks on it). */
  host: createServiceRef<Host>({ id: 'agent.host', scope: 'root' }),
});

/**
 * Provide {@link agentServices} on a host: its model, and the host itself.
 * @example
 * provideAgentServices(runtime.host, { languageModel, modelId: 'claude-sonnet-4-5', provider: 'anthropic' });
 */
export function provideAgentServices(host: Host, model: AgentModel): void {
  host.container.provideValue(agentServices.model, model);
  host.container.provideValue(agentServices.host, host);
}
