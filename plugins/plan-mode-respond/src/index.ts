import { definePlugin } from '@quiver/core';
import { planModeRespondTool } from './plan-mode-respond.js';

/**
 * The `@quiver/tool-plan-mode-respond` plugin: registers `plan_mode_respond`.
 * @example
 * import planModeRespond from '@quiver/tool-plan-mode-respond';
 * const h = await createTestHarness({ plugins: [planModeRespond], ask: { response: 'yes' } });
 */
export default definePlugin({ name: '@quiver/tool-plan-mode-respond', tools: [planModeRespondTool] });
