import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { defineTool, definePlugin } from '@quiver/core';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import actModeRespond from './index.js';
import { MODE_KEY, TODO_KEY } from './act-mode-respond.js';

// A stand-in for "any other tool" (the plugin itself imports no other plugin).
const other = definePlugin({
  name: 'test-other-tool',
  tools: [
    defineTool({ name: 'other_tool', description: 'Does nothing.', params: z.object({}), approval: 'none', execute: async () => 'ok' }),
  ],
});

let h: TestHarness;
afterEach(async () => h?.dispose());
const setup = async () => (h = await createTestHarness({ plugins: [actModeRespond, other] }));

const DISPLAYED =
  '[Message displayed. Now proceed with your next tool call - it must be a different tool (read_file, replace_in_file, execute_command, etc.), not act_mode_respond again.]';

describe('act_mode_respond (§16.4)', () => {
  it('says the message and tells the model to go on', async () => {
    await setup();
    const r = await h.call('act_mode_respond', { response: 'Found the bug in parse().' });
    expect(h.text(r)).toBe(DISPLAYED);
    expect(h.said).toContainEqual({ type: 'text', text: 'Found the bug in parse().', data: undefined });
    expect(h.approvals).toEqual([]);
  });

  it('refuses a second call in a row, without counting a mistake; another tool in between clears it', async () => {
    await setup();
    await h.call('act_mode_respond', { response: 'one' });
    const again = await h.call('act_mode_respond', { response: 'two' });
    expect(again.isError).toBe(true);
    expect(h.text(again)).toContain('[BLOCKED] You cannot call act_mode_respond consecutively.');
    expect(h.mistakes.count).toBe(0);
    expect((await h.call('act_mode_respond', { response: 'still two' })).isError).toBe(true);
    expect(h.said.filter((s) => s.type === 'text').map((s) => s.text)).toEqual(['one']);
    await h.call('other_tool', {});
    expect(h.text(await h.call('act_mode_respond', { response: 'three' }))).toBe(DISPLAYED);
  });

  it('tracks each task on its own', async () => {
    await setup();
    await h.call('act_mode_respond', { response: 'one' });
    const second = h.runtime.createTask();
    expect(h.text(await second.call('act_mode_respond', { response: 'other task' }))).toBe(DISPLAYED);
    await second.dispose();
  });

  it('is refused in PLAN MODE and counts a mistake', async () => {
    await setup();
    const plan = h.runtime.createTask({ mode: 'plan' });
    const r = await plan.call('act_mode_respond', { response: 'hi' });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_MODE_RESTRICTED');
    expect(h.text(r)).toContain('only available in ACT MODE. You are currently in PLAN MODE');
    expect(plan.mistakes.count).toBe(1);
    plan.state.values.set(MODE_KEY, 'act');
    expect(h.text(await plan.call('act_mode_respond', { response: 'now in act' }))).toBe(DISPLAYED);
    await plan.dispose();
  });

  it('keeps task_progress as the todo list', async () => {
    await setup();
    await h.call('act_mode_respond', { response: 'r', task_progress: '- [x] a\n- [ ] b' });
    expect(h.task.state.values.get(TODO_KEY)).toBe('- [x] a\n- [ ] b');
  });
});

describe('act_mode_respond bad input', () => {
  it('a missing response is the missing-parameter error', async () => {
    await setup();
    const r = await h.call('act_mode_respond', {});
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.mistakes.count).toBe(1);
  });

  it('a response of the wrong type is a parameter error', async () => {
    await setup();
    expect((await h.call('act_mode_respond', { response: { text: 'x' } })).code).toBe('QUIVER_ERR_PARAM_INVALID');
  });
});
