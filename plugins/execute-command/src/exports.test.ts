import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'DEFAULT_OUTPUT_LIMITS',
    'DEFAULT_TIMEOUT_SECONDS',
    'LEFTOVERS_NOTE',
    'LONG_RUNNING_NOTICE',
    'LONG_RUNNING_PATTERNS',
    'LONG_RUNNING_TIMEOUT_SECONDS',
    'MODEL_REQUESTED_APPROVAL',
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
    'truncationMarker',
  ]);
  expect(api.default.name).toBe('@quiver/tool-execute-command');
  expect(api.default.tools.map((t) => t.name)).toEqual(['execute_command']);
});
