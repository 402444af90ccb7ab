import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type AskPolicy, type TestHarness } from '@quiver/testing';
import newTask from './index.js';
import { NEW_TASK_KEY } from './new-task.js';

let h: TestHarness;
afterEach(async () => h?.dispose());
const setup = async (ask?: AskPolicy, config = {}) => (h = await createTestHarness({ plugins: [newTask], ask, config }));
const state = () => h.task.state.values.get(NEW_TASK_KEY);

describe('new_task (§16.5)', () => {
  it('asks new_task with the context; yes creates it', async () => {
    await setup({ response: 'yes' });
    const r = await h.call('new_task', { context: 'Parser done; next: the printer.' });
    expect(h.text(r)).toBe('The user has created a new task with the provided context.');
    expect(h.ui.asked).toEqual([{ type: 'new_task', text: 'Parser done; next: the printer.', data: undefined }]);
    expect(state()).toEqual({ context: 'Parser done; next: the printer.' });
    expect(h.approvals).toEqual([]);
  });

  it('a message is feedback and creates nothing', async () => {
    await setup({ response: 'message', text: 'Mention the failing test too.' });
    const r = await h.call('new_task', { context: 'ctx' });
    expect(h.text(r)).toBe(
      'The user provided feedback instead of creating a new task:\n<feedback>\nMention the failing test too.\n</feedback>',
    );
    expect(state()).toBeUndefined();
  });

  it('an empty message accepts; no declines', async () => {
    await setup({ response: 'message', text: '' });
    expect(h.text(await h.call('new_task', { context: 'ctx' }))).toBe('The user has created a new task with the provided context.');
    h.task.state.values.delete(NEW_TASK_KEY);
    h.ui.setAsk({ response: 'no' });
    expect(h.text(await h.call('new_task', { context: 'ctx 2' }))).toBe(
      'The user did not create a new task. Continue with the current task.',
    );
    expect(state()).toBeUndefined();
  });

  it('yolo creates it without asking', async () => {
    await setup(undefined, { approval: { yolo: true } });
    await h.call('new_task', { context: 'ctx' });
    expect(h.ui.asked).toEqual([]);
    expect(state()).toEqual({ context: 'ctx' });
  });
});

describe('new_task bad input', () => {
  it('a missing or blank context is the missing-parameter error', async () => {
    await setup();
    for (const params of [{}, { context: '   ' }]) {
      const r = await h.call('new_task', params);
      expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
      expect(h.text(r)).toContain("Missing value for required parameter 'context'");
    }
    expect(h.mistakes.count).toBe(2);
    expect(h.ui.asked).toEqual([]);
  });

  it('a context of the wrong type is a parameter error', async () => {
    await setup();
    expect((await h.call('new_task', { context: 7 })).code).toBe('QUIVER_ERR_PARAM_INVALID');
  });
});
