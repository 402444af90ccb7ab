import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'COMMAND_TOOL',
    'COMPLETION_DONE',
    'COMPLETION_KEY',
    'DOUBLE_CHECK_KEY',
    'FEEDBACK_INTRO',
    'INITIAL_TASK_KEY',
    'MAX_INITIAL_TASK_CHARS',
    'TODO_KEY',
    'attemptCompletionTool',
    'default',
    'doubleCheckRequest',
    'runCompletionCommand',
    'takeDoubleCheck',
  ]);
  expect(api.default.tools.map((t) => t.name)).toEqual(['attempt_completion']);
});
