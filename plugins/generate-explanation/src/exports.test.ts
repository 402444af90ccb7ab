import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['GIT_TIMEOUT_MS', 'MAX_DIFF_CHARS', 'collectChanges', 'default', 'generateExplanationTool', 'openGit']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['generate_explanation']);
});
