import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'AGENTS_DIR',
    'AGENT_TOOLS_PACKAGE',
    'AGENT_TOOL_PREFIX',
    'DEFAULT_SUBAGENT_MAX_TURNS',
    'DEFAULT_SUBAGENT_TOOLS',
    'KNOWN_TOOL_NAMES',
    'MAX_SUBAGENT_PROMPTS',
    'agentToolName',
    'createAgentTool',
    'default',
    'formatSubagentSummary',
    'loadAgentConfigs',
    'loadAgentToolsPlugin',
    'normalizePrompts',
    'parseAgentConfig',
    'runSubagents',
    'useSubagentsParams',
    'useSubagentsTool',
  ]);
  expect(api.default.tools.map((t) => t.name)).toEqual(['use_subagents']);
});
