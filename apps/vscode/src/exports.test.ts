import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports the host pieces by name, without needing the vscode module', () => {
  expect(Object.keys(api).sort()).toEqual([
    'APPROVAL_SETTING_KEYS',
    'APPROVE',
    'BUNDLED_PLUGINS',
    'DEFAULT_PLUGINS',
    'DENY',
    'DENY_WITH_FEEDBACK',
    'MCP_PROVIDER_ID',
    'VSCODE_PRESETS',
    'approvalText',
    'composeRuntime',
    'createCallUi',
    'createQuiverSession',
    'createVscodeHostUi',
    'lmResultApi',
    'mcpServerSpec',
    'promptApproval',
    'readSettings',
    'registerLmTools',
    'registerMcpProvider',
    'toLmToolResult',
    'toolContextKey',
  ]);
});
