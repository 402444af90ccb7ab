import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type AskPolicy, type TestHarness } from '@quiver/testing';
import type { Task } from '@quiver/core/host';
import planModeRespond from './index.js';
import { MODE_KEY } from './plan-mode-respond.js';

let h: TestHarness;
let task: Task;
afterEach(async () => {
  await task?.dispose();
  await h?.dispose();
});

/** A harness with a task started in PLAN MODE. */
const setup = async (ask?: AskPolicy, config = {}) => {
  h = await createTestHarness({ plugins: [planModeRespond], ask, config });
  task = h.runtime.createTask({ mode: 'plan' });
};
const call = (params: Record<string, unknown>) => task.call('plan_mode_respond', params);
const mode = () => task.state.values.get(MODE_KEY);

describe('plan_mode_respond (§16.3)', () => {
  it('a user message comes back as <user_message>; the mode stays plan', async () => {
    await setup({ response: 'message', text: 'Use a Map instead.' });
    const r = await call({ response: 'Plan: 1. parse 2. store', options: '["Looks good", "Change it"]' });
    expect(h.text(r)).toBe('<user_message>\nUse a Map instead.\n</user_message>');
    expect(h.ui.asked).toEqual([
      { type: 'plan_mode_respond', text: 'Plan: 1. parse 2. store', data: { options: ['Looks good', 'Change it'] } },
    ]);
    expect(mode()).toBeUndefined();
  });

  it('yes switches to ACT MODE; a message with it is passed on', async () => {
    await setup({ response: 'yes', text: 'Go, but skip the docs.' });
    const r = await call({ response: 'The plan.' });
    expect(h.text(r)).toBe(
      '[The user has switched to ACT MODE, so you may now proceed with the task.]\n\nThe user also provided the following message when switching to ACT MODE:\n<user_message>\nGo, but skip the docs.\n</user_message>',
    );
    expect(mode()).toBe('act');
  });

  it('a host that switched the mode while asking counts as a switch', async () => {
    await setup(() => {
      task.state.values.set(MODE_KEY, 'act');
      return { response: 'message', text: '' };
    });
    expect(h.text(await call({ response: 'The plan.' }))).toBe(
      '[The user has switched to ACT MODE, so you may now proceed with the task.]',
    );
  });

  it('needs_more_exploration: shows the response, asks nothing', async () => {
    await setup();
    for (const flag of ['true', true]) {
      const r = await call({ response: 'Let me look at the tests first.', needs_more_exploration: flag });
      expect(h.text(r)).toBe(
        '[You have indicated that you need more exploration. Proceed with calling tools to continue the planning process.]',
      );
    }
    expect(h.ui.asked).toEqual([]);
    expect(h.said[0]).toEqual({ type: 'plan_mode_respond', text: 'Let me look at the tests first.', data: undefined });
  });

  it('"false" is not exploration', async () => {
    await setup({ response: 'message', text: 'ok' });
    await call({ response: 'The plan.', needs_more_exploration: 'false' });
    expect(h.ui.asked).toHaveLength(1);
  });

  it('yolo in plan mode switches to act; yolo in act mode says go ahead', async () => {
    await setup(undefined, { approval: { yolo: true } });
    expect(h.text(await call({ response: 'The plan.' }))).toBe(
      '[The user has switched to ACT MODE, so you may now proceed with the task.]',
    );
    expect(mode()).toBe('act');
    expect(h.text(await call({ response: 'More plan.' }))).toBe('[Go ahead and execute.]');
    expect(h.ui.asked).toEqual([]);
  });

  it('a host that cannot ask leaves the task in plan mode and says why', async () => {
    await setup({ response: 'no', text: 'No terminal to answer on.' });
    const r = await call({ response: 'The plan.' });
    expect(h.text(r)).toContain('did not reply to your plan (No terminal to answer on.)');
    expect(mode()).toBeUndefined();
  });
});

describe('plan_mode_respond bad input', () => {
  it('a missing response is the missing-parameter error', async () => {
    await setup();
    const r = await call({});
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.text(r)).toContain("Missing value for required parameter 'response'");
  });

  it.each([
    [{ response: 'p', options: '["one"]' }],
    [{ response: 'p', options: 'a, b' }],
    [{ response: 'p', needs_more_exploration: 1 }],
    [{ response: ['p'] }],
  ])('%j is a parameter error', async (params) => {
    await setup();
    const r = await call(params);
    expect(r.code).toBe('QUIVER_ERR_PARAM_INVALID');
    expect(h.ui.asked).toEqual([]);
  });
});
