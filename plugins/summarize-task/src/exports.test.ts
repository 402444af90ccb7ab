import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['CONDENSE_KEY', 'REQUIRED_FILES_LIMITS', 'continuationPrompt', 'default', 'loadRequiredFiles', 'requiredFiles', 'summarizeTaskTool']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['summarize_task']);
});
