// @quiver/agent — the agent loop. Named re-exports only; exports.test.ts pins the list.
export { runAgentLoop, DEFAULT_MAX_TURNS, LOOP_TOOLS_HANDLED } from './run-agent-loop.js';
export { AGENT_ERRORS } from './agent-errors.js';
export type { AgentLoopOptions, AgentLoopResult, AgentLoopStatus, AgentLoopUi, AgentToolCall } from './agent-loop-types.js';
export { agentServices, provideAgentServices } from './agent-services.js';
export type { AgentModel } from './agent-services.js';
export { buildSystemPrompt, SUBAGENT_SYSTEM_SUFFIX } from './system-prompt.js';
export type { SystemPromptOptions, PromptTool } from './system-prompt.js';
export { agentResponses } from './agent-responses.js';
export {
  COMPLETION_KEY,
  COMPLETION_FALLBACK_PACKAGE,
  completionFallbackPlugin,
  ensureCompletionTool,
  readCompletion,
} from './completion.js';
export type { TaskCompletion } from '@quiver/shared';
export { describeProviderError, providerErrorReason } from './provider-error.js';
export { RETRY_INITIAL_DELAY_MS, RETRY_MAX_DELAY_MS } from './retry-turn.js';
export type { RetryNotice } from './retry-turn.js';
export { createSession, continueSession, loadSession, newSessionId } from './session-store.js';
export type { SessionHeader, SavedSession, SessionWriter } from './session-store.js';
export { RESUMPTION_NOTE, INTERRUPTED_CALL, resumeTail } from './resume-messages.js';
export type { ProviderContext } from './provider-error.js';
export { imageSupportOf, toToolResultPart } from './tool-result-output.js';
export type { ImageSupport } from './tool-result-output.js';
export { emptyUsage, sumUsage } from './usage.js';
export type { AgentUsage } from './usage.js';
export { createScriptedProvider } from './scripted-provider.js';
export type { ScriptedProvider, ScriptedProviderOptions, ScriptedRequest } from './scripted-provider.js';
export type { ScriptedReply, ScriptedToolCall } from './scripted-wire.js';
export { createAnthropic, createOpenAI, createOpenAICompatible } from './providers.js';
