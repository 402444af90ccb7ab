import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import focusChain from './index.js';
import { TODO_KEY } from './focus-chain.js';

let h: TestHarness;
afterEach(async () => h?.dispose());
const setup = async () => (h = await createTestHarness({ plugins: [focusChain] }));
const todo = () => h.task.state.values.get(TODO_KEY);

describe('focus_chain through the pipeline', () => {
  it('keeps the list in the task state, says it, and returns the progress', async () => {
    await setup();
    const r = await h.call('focus_chain', { task_progress: '- [x] Read the code\n- [ ] Write the fix\n- [ ] Run the tests' });
    expect(r.isError).toBe(false);
    expect(h.text(r)).toBe('Todo list updated: 1 of 3 items done (33%). Next: Write the fix');
    expect(todo()).toBe('- [x] Read the code\n- [ ] Write the fix\n- [ ] Run the tests');
    expect(h.said).toEqual([{ type: 'task_progress', text: todo(), data: { done: 1, total: 3, percent: 33 } }]);
    expect(h.approvals).toEqual([]);
  });

  it('takes the list as todos too, and replaces the previous list', async () => {
    await setup();
    await h.call('focus_chain', { todos: '- [ ] a\n- [ ] b' });
    const r = await h.call('focus_chain', { todos: '- [x] a\n- [X] b' });
    expect(h.text(r)).toBe('Todo list updated: All 2 items done (100%). If the task is complete, call attempt_completion.');
    expect(todo()).toBe('- [x] a\n- [x] b');
  });

  it('without a list, reports the current one', async () => {
    await setup();
    await h.call('focus_chain', { task_progress: '- [x] a\n- [ ] b' });
    const r = await h.call('focus_chain', {});
    expect(h.text(r)).toBe('Current todo list: 1 of 2 items done (50%). Next: b\n\n- [x] a\n- [ ] b');
  });
});

describe('focus_chain bad input', () => {
  it('without a list and with none stored, it says there is none yet: a success, as its description promises', async () => {
    await setup();
    for (const params of [{}, { task_progress: '  ' }]) {
      const r = await h.call('focus_chain', params);
      expect(r.isError).toBe(false);
      expect(h.text(r)).toBe(
        'There is no todo list yet. Send one in task_progress as a Markdown checklist ("- [ ] item" open, "- [x] item" done).',
      );
    }
    expect(h.mistakes.count).toBe(0);
  });

  it('a line that is not an item is a clear error and the stored list stays', async () => {
    await setup();
    await h.call('focus_chain', { task_progress: '- [ ] a' });
    const r = await h.call('focus_chain', { task_progress: '- [ ] a\nthen b' });
    expect(r.code).toBe('QUIVER_ERR_PARAM_INVALID');
    expect(h.text(r)).toContain('Invalid todo list: Line 2 is not a checklist item: "then b"');
    expect(h.text(r)).toContain('"- [ ] task" (open) or "- [x] task" (done)');
    expect(todo()).toBe('- [ ] a');
  });

  it('two different lists are refused', async () => {
    await setup();
    const r = await h.call('focus_chain', { task_progress: '- [ ] a', todos: '- [ ] b' });
    expect(r.code).toBe('QUIVER_ERR_PARAM_INVALID');
    expect(h.text(r)).toContain('two different lists');
  });

  it('a list of the wrong type is a parameter error', async () => {
    await setup();
    expect((await h.call('focus_chain', { task_progress: ['- [ ] a'] })).code).toBe('QUIVER_ERR_PARAM_INVALID');
  });
});
