import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type AskPolicy, type TestHarness } from '@quiver/testing';
import askFollowupQuestion from './index.js';

let h: TestHarness;
afterEach(async () => h?.dispose());

const setup = async (ask?: AskPolicy, config = {}) => (h = await createTestHarness({ plugins: [askFollowupQuestion], ask, config }));

describe('ask_followup_question through the pipeline', () => {
  it('asks followup with the options and returns the answer', async () => {
    await setup({ response: 'message', text: 'Blue' });
    const r = await h.call('ask_followup_question', { question: 'Which colour?', options: '["Red", "Blue"]' });
    expect(r.isError).toBe(false);
    expect(h.text(r)).toBe('<answer>\nBlue\n</answer>');
    expect(h.ui.asked).toEqual([{ type: 'followup', text: 'Which colour?', data: { options: ['Red', 'Blue'] } }]);
    expect(h.approvals).toEqual([]);
  });

  it('passes the images of the answer on', async () => {
    await setup({ response: 'message', text: 'see this', images: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] });
    const r = await h.call('ask_followup_question', { question: 'Screenshot?' });
    expect(r.content).toEqual([
      { type: 'text', text: '<answer>\nsee this\n</answer>' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ]);
  });

  it('says when the host could not get an answer', async () => {
    await setup({ response: 'no', text: 'No terminal to answer on.' });
    const r = await h.call('ask_followup_question', { question: 'Which?' });
    expect(r.isError).toBe(false);
    expect(h.text(r)).toContain('The user did not answer the question (No terminal to answer on.)');
  });

  it('in yolo mode, does not ask and tells the model to find the answer', async () => {
    await setup(undefined, { approval: { yolo: true } });
    const q = 'x'.repeat(120);
    const r = await h.call('ask_followup_question', { question: q });
    expect(h.ui.asked).toEqual([]);
    expect(h.text(r)).toBe(
      `[YOLO MODE: User input is not available in non-interactive mode. You must use available tools (read_file, search_files, list_files, execute_command and the others) to find the answer to your question: "${q}"]`,
    );
    expect(h.said).toContainEqual({
      type: 'info',
      text: `[YOLO MODE] Auto-responding to question: "${'x'.repeat(100)}..."`,
      data: undefined,
    });
  });

  it('notifies when notifications are on', async () => {
    await setup({ response: 'message', text: 'ok' }, { approval: { enableNotifications: true } });
    await h.call('ask_followup_question', { question: 'Go?' });
    expect(h.ui.notifications).toEqual(['Quiver has a question...']);
  });
});

describe('ask_followup_question bad input', () => {
  it('a missing question is the missing-parameter error, count 1', async () => {
    await setup();
    const r = await h.call('ask_followup_question', {});
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.text(r)).toContain("Missing value for required parameter 'question'");
    expect(h.mistakes.count).toBe(1);
    expect(h.ui.asked).toEqual([]);
  });

  it('a question of the wrong type is a parameter error', async () => {
    await setup();
    const r = await h.call('ask_followup_question', { question: 42 });
    expect(r.code).toBe('QUIVER_ERR_PARAM_INVALID');
  });

  it.each([
    ['one option', '["only"]', 'got 1'],
    ['six options', '["1","2","3","4","5","6"]', 'got 6'],
    ['unparseable options', 'red or blue', 'must be a JSON array'],
  ])('%s is a clear error and nothing is asked', async (_what, options, says) => {
    await setup();
    const r = await h.call('ask_followup_question', { question: 'Which?', options });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_PARAM_INVALID');
    expect(h.text(r)).toContain(says);
    expect(h.mistakes.count).toBe(1);
    expect(h.ui.asked).toEqual([]);
  });
});

describe('ask_followup_question cancellation', () => {
  it('stops waiting for an answer when the task is cancelled', async () => {
    await setup(() => new Promise(() => undefined));
    const controller = new AbortController();
    const task = h.runtime.createTask({ signal: controller.signal });
    const pending = task.call('ask_followup_question', { question: 'Anyone there?' });
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    const r = await pending;
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_TOOL_ABORTED');
    expect(h.text(r)).toContain('cancelled while ask_followup_question waited');
    await task.dispose();
  });
});
