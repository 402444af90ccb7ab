import { definePlugin } from '@quiver/core';
import { focusChainTool } from './focus-chain.js';

export { parseChecklist, progressOf, progressSummary, type TodoItem, type ChecklistParse } from './parse-checklist.js';

/**
 * The `@quiver/tool-focus-chain` plugin: registers `focus_chain`, which keeps the task's todo list.
 * @example
 * import focusChain from '@quiver/tool-focus-chain';
 * const h = await createTestHarness({ plugins: [focusChain] });
 * await h.call('focus_chain', { task_progress: '- [x] parse\n- [ ] print' }); // "Todo list updated: 1 of 2 items done (50%). Next: print"
 */
export default definePlugin({ name: '@quiver/tool-focus-chain', tools: [focusChainTool] });
