import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'LONG_RUNNING_PATTERNS',
    'commandResultToToolResult',
    'default',
    'executeCommandTool',
    'formatCommandResult',
    'isApprovalRequested',
    'isLongRunningCommand',
    'resolveCommandTimeoutSeconds',
    'runCommand',
    'terminateRunningCommands',
    'truncateOutput',
  ]);
  expect(api.default.name).toBe('@quiver/tool-execute-command');
  expect(api.default.tools.map((t) => t.name)).toEqual(['execute_command']);
});
