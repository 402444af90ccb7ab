import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['AGENT_ERRORS', 
    'COMPLETION_FALLBACK_PACKAGE',
    'COMPLETION_KEY',
    'DEFAULT_MAX_TURNS',
    'SUBAGENT_SYSTEM_SUFFIX',
    'agentResponses',
    'agentServices',
    'buildSystemPrompt',
    'completionFallbackPlugin',
    'createScriptedProvider',
    'describeProviderError',
    'emptyUsage',
    'ensureCompletionTool',
    'imageSupportOf',
    'provideAgentServices',
    'readCompletion',
    'runAgentLoop',
    'sumUsage',
    'toToolResultPart',
  ]);
});
