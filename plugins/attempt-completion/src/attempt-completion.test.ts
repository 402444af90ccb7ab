import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import executeCommand from '@quiver/tool-execute-command';
import { createTestHarness, type TestHarness, type TestHarnessOptions } from '@quiver/testing';
import attemptCompletion from './index.js';
import { COMPLETION_KEY, TODO_KEY } from './attempt-completion.js';

let h: TestHarness;
afterEach(async () => h?.dispose());

const setup = async (options: Partial<TestHarnessOptions> = {}) =>
  (h = await createTestHarness({ plugins: [attemptCompletion, { plugin: executeCommand, options: { killGraceMs: 200 } }], ...options }));

const completion = () => h.task.state.values.get(COMPLETION_KEY);

describe('attempt_completion: the user reply', () => {
  it('asks completion_result with the result; yes completes the task', async () => {
    await setup();
    const r = await h.call('attempt_completion', { result: 'Added the parser.' });
    expect(r.isError).toBe(false);
    expect(h.text(r)).toBe('[attempt_completion] Result: Done');
    expect(h.ui.asked).toEqual([{ type: 'completion_result', text: 'Added the parser.', data: { command: undefined, output: undefined } }]);
    expect(completion()).toEqual({ result: 'Added the parser.' });
    expect(h.approvals).toEqual([]);
  });

  it('an empty message also accepts, and so does a host that cannot ask', async () => {
    await setup({ ask: { response: 'message', text: '  ' } });
    expect(h.text(await h.call('attempt_completion', { result: 'Done.' }))).toBe('[attempt_completion] Result: Done');
    h.ui.setAsk({ response: 'no', text: 'No terminal to answer on.' });
    expect(h.text(await h.call('attempt_completion', { result: 'Done again.' }))).toBe('[attempt_completion] Result: Done');
    expect(completion()).toEqual({ result: 'Done again.' });
  });

  it('a message is feedback: returned in <feedback>, the task goes on', async () => {
    await setup({
      ask: { response: 'message', text: 'Also add tests.', images: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
    });
    const r = await h.call('attempt_completion', { result: 'Added the parser.' });
    expect(r.isError).toBe(false);
    expect(r.content).toEqual([
      { type: 'text', text: '[attempt_completion] Result: Done' },
      {
        type: 'text',
        text: 'The user has provided feedback on the results. Consider their input to continue the task, and then attempt completion again.\n<feedback>\nAlso add tests.\n</feedback>',
      },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ]);
    expect(completion()).toBeUndefined();
  });

  it('does not ask in yolo mode or in a subagent', async () => {
    await setup({ config: { approval: { yolo: true } } });
    expect(h.text(await h.call('attempt_completion', { result: 'ok' }))).toBe('[attempt_completion] Result: Done');
    expect(h.ui.asked).toEqual([]);
    await h.dispose();
    await setup();
    const sub = h.runtime.createTask({ isSubagent: true });
    expect(h.text(await sub.call('attempt_completion', { result: 'found it' }))).toBe('[attempt_completion] Result: Done');
    expect(sub.state.values.get(COMPLETION_KEY)).toEqual({ result: 'found it' });
    expect(h.ui.asked).toEqual([]);
    await sub.dispose();
  });

  it('keeps task_progress as the todo list and notifies when notifications are on', async () => {
    await setup({ config: { approval: { enableNotifications: true } } });
    await h.call('attempt_completion', { result: 'ok', task_progress: '- [x] one\n- [x] two\n' });
    expect(h.task.state.values.get(TODO_KEY)).toBe('- [x] one\n- [x] two');
    expect(h.said).toContainEqual({ type: 'task_progress', text: '- [x] one\n- [x] two', data: undefined });
    expect(h.ui.notifications).toEqual(['Task Completed']);
  });
});

describe('attempt_completion: command goes through the execute_command gates', () => {
  it('runs a safe command, shows its output with the result, and records it', async () => {
    await setup();
    const r = await h.call('attempt_completion', { result: 'Built it.', command: 'echo shown' });
    expect(h.text(r)).toBe('[attempt_completion] Result: Done');
    expect(h.ui.asked[0].data).toEqual({ command: 'echo shown', output: 'Command executed successfully (exit code 0).\nOutput:\nshown' });
    expect(completion()).toEqual({ result: 'Built it.', command: 'echo shown' });
  });

  it('returns the command output with the feedback', async () => {
    await setup({ ask: { response: 'message', text: 'Wrong page.' } });
    const r = await h.call('attempt_completion', { result: 'Built it.', command: 'echo page' });
    expect(h.text(r)).toContain('Command executed successfully (exit code 0).\nOutput:\npage');
    expect(h.text(r)).toContain('<feedback>\nWrong page.\n</feedback>');
  });

  it('a command the permissions deny is not run, nothing is asked, the task is not completed', async () => {
    await setup({ config: { commandPermissions: { allow: ['echo *'] } } });
    const r = await h.call('attempt_completion', { result: 'Done.', command: 'touch marker' });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_COMMAND_DENIED');
    expect(h.text(r)).toContain("The task was not completed: its command 'touch marker' did not run.");
    expect(existsSync(h.path('marker'))).toBe(false);
    expect(h.ui.asked).toEqual([]);
    expect(completion()).toBeUndefined();
  });

  it('a command naming an ignored path is screened', async () => {
    await setup({ files: { '.quiverignore': 'secret.txt\n', 'secret.txt': 'x' } });
    const r = await h.call('attempt_completion', { result: 'Done.', command: 'cp secret.txt leak.txt' });
    expect(r.code).toBe('QUIVER_ERR_COMMAND_IGNORED');
    expect(existsSync(h.path('leak.txt'))).toBe(false);
  });

  it('a destructive command needs the "all commands" approval; refused, it does not run', async () => {
    await setup({ approve: false });
    await mkdir(h.path('build'));
    const r = await h.call('attempt_completion', { result: 'Done.', command: 'rm -rf build' });
    expect(h.approvals).toHaveLength(1);
    expect(h.approvals[0].tool).toBe('execute_command');
    expect(h.approvals[0].reason).toMatch(/destructive/i);
    expect(r.code).toBe('QUIVER_ERR_APPROVAL_DENIED');
    expect(existsSync(h.path('build'))).toBe(true);
    expect(completion()).toBeUndefined();
  });

  it('without execute_command loaded, a command is a clear error', async () => {
    h = await createTestHarness({ plugins: [attemptCompletion] });
    const r = await h.call('attempt_completion', { result: 'Done.', command: 'echo hi' });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_TOOL_UNKNOWN');
    expect(h.text(r)).toContain('the execute_command tool is not loaded');
    expect(h.text(r)).toContain('without `command`');
    expect(h.ui.asked).toEqual([]);
  });
});

describe('attempt_completion bad input', () => {
  it('a missing result is the missing-parameter error, count 1', async () => {
    await setup();
    const r = await h.call('attempt_completion', { command: 'echo hi' });
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.text(r)).toContain("Missing value for required parameter 'result'");
    expect(h.mistakes.count).toBe(1);
    expect(h.ui.asked).toEqual([]);
  });

  it.each([[{ result: 42 }], [{ result: 'ok', command: ['ls'] }]])('%j is a parameter error', async (params) => {
    await setup();
    const r = await h.call('attempt_completion', params);
    expect(r.code).toBe('QUIVER_ERR_PARAM_INVALID');
    expect(h.ui.asked).toEqual([]);
  });
});
