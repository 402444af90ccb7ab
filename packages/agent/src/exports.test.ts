import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'AGENT_ERRORS',
    'COMPLETION_FALLBACK_PACKAGE',
    'COMPLETION_KEY',
    'DEFAULT_MAX_TURNS',
    'INTERRUPTED_CALL',
    'LOOP_TOOLS_HANDLED',
    'RESUMPTION_NOTE',
    'RETRY_INITIAL_DELAY_MS',
    'RETRY_MAX_DELAY_MS',
    'SUBAGENT_SYSTEM_SUFFIX',
    'agentResponses',
    'agentServices',
    'buildSystemPrompt',
    'completionFallbackPlugin',
    'continueSession',
    'createScriptedProvider',
    'createSession',
    'describeProviderError',
    'emptyUsage',
    'ensureCompletionTool',
    'imageSupportOf',
    'loadSession',
    'newSessionId',
    'provideAgentServices',
    'providerErrorReason',
    'readCompletion',
    'resumeTail',
    'runAgentLoop',
    'sumUsage',
    'toToolResultPart',
  ]);
});
