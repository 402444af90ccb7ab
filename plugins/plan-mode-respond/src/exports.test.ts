import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['MAX_OPTIONS', 'MIN_OPTIONS', 'MODE_KEY', 'PLAN_RESPONSES', 'currentMode', 'default', 'optionsProblem', 'parseOptions', 'planModeRespondTool']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['plan_mode_respond']);
});
