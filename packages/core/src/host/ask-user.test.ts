import { describe, expect, it } from 'vitest';
import { askUser, ERROR_CODES, isQuiverError, type AskResponse, type HostUi } from '../index.js';

/** A host whose `ask` records the question and answers when told to (or never). */
function fakeUi() {
  const asked: unknown[][] = [];
  let answer: (r: AskResponse) => void = () => undefined;
  const ui: HostUi = {
    say: () => undefined,
    approve: async () => ({ approved: true }),
    ask: (...args) => {
      asked.push(args);
      return new Promise((resolve) => (answer = resolve));
    },
  };
  return { ui, asked, answer: (r: AskResponse) => answer(r) };
}

describe('askUser', () => {
  it('passes the question to the host and returns its answer', async () => {
    const host = fakeUi();
    const pending = askUser({ tool: 'ask_followup_question', signal: new AbortController().signal, ui: host.ui }, 'followup', 'Which?', {
      options: ['a', 'b'],
    });
    host.answer({ response: 'message', text: 'a' });
    await expect(pending).resolves.toEqual({ response: 'message', text: 'a' });
    expect(host.asked).toEqual([['followup', 'Which?', { options: ['a', 'b'] }]]);
  });

  it('rejects with TOOL_ABORTED when the task is cancelled while the user has not answered', async () => {
    const host = fakeUi();
    const abort = new AbortController();
    const pending = askUser({ tool: 'condense', signal: abort.signal, ui: host.ui }, 'condense', 'Summary');
    abort.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isQuiverError(error) && error.code).toBe(ERROR_CODES.TOOL_ABORTED);
    expect(String((error as Error).message)).toContain('condense');
  });

  it('does not ask at all when the task is already cancelled', async () => {
    const host = fakeUi();
    const abort = new AbortController();
    abort.abort();
    await expect(askUser({ tool: 'new_task', signal: abort.signal, ui: host.ui }, 'new_task', 'ctx')).rejects.toMatchObject({
      code: ERROR_CODES.TOOL_ABORTED,
    });
    expect(host.asked).toEqual([]);
  });
});
