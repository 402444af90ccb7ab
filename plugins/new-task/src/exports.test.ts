import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['NEW_TASK_KEY', 'NEW_TASK_RESPONSES', 'default', 'newTaskTool']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['new_task']);
});
