import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type AskPolicy, type TestHarness } from '@quiver/testing';
import condense from './index.js';
import { CONDENSE_KEY } from './condense.js';

let h: TestHarness;
afterEach(async () => h?.dispose());
const setup = async (ask?: AskPolicy, config = {}) => (h = await createTestHarness({ plugins: [condense], ask, config }));
const state = () => h.task.state.values.get(CONDENSE_KEY);

describe('condense (§16.7)', () => {
  it('asks condense with the summary; yes accepts and tells the model to only ask what is next', async () => {
    await setup({ response: 'yes' });
    const r = await h.call('condense', { context: 'Summary of work.' });
    expect(h.text(r)).toContain('respond by ONLY asking the user what you should work on next');
    expect(h.ui.asked).toEqual([{ type: 'condense', text: 'Summary of work.', data: undefined }]);
    expect(state()).toEqual({ context: 'Summary of work.' });
  });

  it('a message is feedback; the history stays', async () => {
    await setup({ response: 'message', text: 'You forgot the API change.' });
    const r = await h.call('condense', { context: 'Summary.' });
    expect(h.text(r)).toBe(
      'The user provided feedback on the condensed conversation summary:\n<feedback>\nYou forgot the API change.\n</feedback>',
    );
    expect(state()).toBeUndefined();
  });

  it('no declines', async () => {
    await setup({ response: 'no', text: 'No terminal to answer on.' });
    expect(h.text(await h.call('condense', { context: 'Summary.' }))).toContain(
      'did not accept the condensed summary (No terminal to answer on.)',
    );
    expect(state()).toBeUndefined();
  });

  it('yolo accepts without asking', async () => {
    await setup(undefined, { approval: { yolo: true } });
    await h.call('condense', { context: 'S' });
    expect(h.ui.asked).toEqual([]);
    expect(state()).toEqual({ context: 'S' });
  });
});

describe('condense bad input', () => {
  it('a missing context is the missing-parameter error, count 1', async () => {
    await setup();
    const r = await h.call('condense', {});
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.text(r)).toContain("Missing value for required parameter 'context'");
    expect(h.mistakes.count).toBe(1);
  });

  it('a context of the wrong type is a parameter error', async () => {
    await setup();
    expect((await h.call('condense', { context: ['a'] })).code).toBe('QUIVER_ERR_PARAM_INVALID');
  });
});
