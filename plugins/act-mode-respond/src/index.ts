import { definePlugin } from '@quiver/core';
import { actModeRespondTool } from './act-mode-respond.js';
import { trackLastTool } from './last-tool-mark.js';

const NAME = '@quiver/tool-act-mode-respond';

/**
 * The `@quiver/tool-act-mode-respond` plugin: registers `act_mode_respond`, and a
 * task-scoped mark, kept by a `PostToolUse` tap, of whether a task's last tool was act_mode_respond.
 * @example
 * import actModeRespond from '@quiver/tool-act-mode-respond';
 * const h = await createTestHarness({ plugins: [actModeRespond] });
 */
export default definePlugin({
  name: NAME,
  tools: [actModeRespondTool],
  register(context) {
    trackLastTool(context, actModeRespondTool.name);
  },
});
