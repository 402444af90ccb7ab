import { afterEach, describe, expect, it } from 'vitest';
import executeCommand from '@quiver/tool-execute-command';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import attemptCompletion from './index.js';
import { COMPLETION_KEY } from './attempt-completion.js';
import { doubleCheckRequest, INITIAL_TASK_KEY } from './double-check.js';

// Vectors §16.x.8: disabled → never rejects; enabled → reject, accept, reject…; the mistake
// count stays 0; a new task starts with nothing pending.

let h: TestHarness;
afterEach(async () => h?.dispose());

const setup = async (doubleCheckCompletion?: boolean) =>
  (h = await createTestHarness({ plugins: [{ plugin: attemptCompletion, options: { doubleCheckCompletion } }, executeCommand] }));

describe('double check (§16.x.8)', () => {
  it('disabled: never rejects', async () => {
    await setup(false);
    for (let i = 0; i < 3; i++) expect((await h.call('attempt_completion', { result: `r${i}` })).isError).toBe(false);
    expect(h.ui.asked).toHaveLength(3);
  });

  it('enabled: reject, accept, reject, accept; the count stays 0', async () => {
    await setup(true);
    const outcomes: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await h.call('attempt_completion', { result: `r${i}` });
      outcomes.push(r.isError);
      expect(h.mistakes.count).toBe(0);
      if (r.isError) {
        expect(r.mistake).toBe('keep');
        expect(h.text(r)).toContain('Before completing, re-verify your work against the original task requirements. Check that:');
        expect(h.text(r)).toContain('If everything checks out, call attempt_completion again with your final result.');
      }
    }
    expect(outcomes).toEqual([true, false, true, false]);
    expect(h.ui.asked.map((a) => a.text)).toEqual(['r1', 'r3']);
  });

  it('the rejection asks for nothing and runs no command', async () => {
    await setup(true);
    const r = await h.call('attempt_completion', { result: 'r', command: 'touch marker' });
    expect(r.isError).toBe(true);
    expect(h.approvals).toEqual([]);
    expect(h.ui.asked).toEqual([]);
    expect(h.task.state.values.get(COMPLETION_KEY)).toBeUndefined();
  });

  it('the pending flag survives other tools in between', async () => {
    await setup(true);
    expect((await h.call('attempt_completion', { result: 'r' })).isError).toBe(true);
    await h.call('execute_command', { command: 'echo between', requires_approval: false });
    expect((await h.call('attempt_completion', { result: 'r' })).isError).toBe(false);
  });

  it('a new task has nothing pending', async () => {
    await setup(true);
    expect((await h.call('attempt_completion', { result: 'r' })).isError).toBe(true);
    const other = h.runtime.createTask();
    expect((await other.call('attempt_completion', { result: 'r' })).isError).toBe(true);
    await other.dispose();
  });

  it('quotes the initial task when the loop gave it, cut at 8000 characters', async () => {
    await setup(true);
    h.task.state.values.set(INITIAL_TASK_KEY, 'Fix the login bug.');
    expect(h.text(await h.call('attempt_completion', { result: 'r' }))).toContain('<initial_task>\nFix the login bug.\n</initial_task>');
    const long = doubleCheckRequest('y'.repeat(9000));
    expect(long).toContain(`<initial_task>\n${'y'.repeat(8000)}\n...[truncated]\n</initial_task>`);
  });
});
