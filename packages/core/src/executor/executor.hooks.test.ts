// Hooks inside the pipeline: PreToolUse rewrites and decisions, failure policy, PostToolUse.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, definePlugin, ERROR_CODES, resultText, STAGE, textResult, type PreToolUseResult } from '../index.js';
import { createRecordingHost, type RecordingHost, type RecordingHostOptions } from '../../test/support/recording-host.js';

let host: RecordingHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

function setup(options: RecordingHostOptions = {}) {
  const h = (host = createRecordingHost({ approval: { editFiles: true }, ...options }));
  const received: Record<string, unknown>[] = [];
  const save = defineTool({
    name: 'save',
    description: 'Saves text to a file.',
    params: z.object({ path: z.string(), text: z.string() }),
    approval: 'edit',
    paths: { path: 'write' },
    async execute(_config, params) {
      h.log.push('execute');
      received.push(params);
      return `saved ${params.path}`;
    },
  });
  const crash = defineTool({
    name: 'crash',
    description: 'Always throws.',
    params: z.object({}),
    approval: 'none',
    async execute() {
      throw new Error('disk on fire');
    },
  });
  h.registry.addPlugin(definePlugin({ name: 'quiver-tool-save', tools: [save, crash] }));
  return { host: h, received, task: h.createTask() };
}

describe('PreToolUse rewrites', () => {
  it('apply in series: each tap sees the previous rewrite, the tool gets the last', async () => {
    const { host, task, received } = setup();
    const seen: unknown[] = [];
    host.hooks.tap('PreToolUse', { name: 'late', stage: STAGE.AUDIT }, (e) => void seen.push(e.input.text));
    host.hooks.tap(
      'PreToolUse',
      'upper',
      (e) => (seen.push(e.input.text), { updatedInput: { ...e.input, text: String(e.input.text).toUpperCase() } }),
    );
    host.hooks.tap(
      'PreToolUse',
      { name: 'first', stage: STAGE.POLICY },
      (e) => (seen.push(e.input.text), { updatedInput: { ...e.input, text: `${e.input.text}!` } }),
    );
    const result = await task.call('save', { path: 'a.txt', text: 'hi' });
    expect(result.isError).toBe(false);
    expect(seen).toEqual(['hi', 'hi!', 'HI!']);
    expect(received).toEqual([{ path: 'a.txt', text: 'HI!' }]);
  });

  it('a rewritten path is checked by the gates again', async () => {
    const { host, task } = setup({ ignoredPaths: ['secret.txt'] });
    host.hooks.tap('PreToolUse', 'redirect', (e) => ({ updatedInput: { ...e.input, path: 'secret.txt' } }));
    const result = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.PATH_IGNORED });
    expect(host.log).not.toContain('execute');
    expect(host.log.filter((s) => s === 'ignore.checkPath')).toHaveLength(2);
  });

  it('a rewrite to an outside path needs the external approval level', async () => {
    const { host, task } = setup({ approve: false });
    host.hooks.tap('PreToolUse', 'redirect', (e) => ({ updatedInput: { ...e.input, path: '/etc/passwd' } }));
    const result = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.APPROVAL_DENIED });
    expect(host.approvals).toEqual([expect.objectContaining({ path: '/etc/passwd', setting: 'approval.editFilesExternally' })]);
    expect(host.log).not.toContain('execute');
  });

  it('a rewrite that breaks the schema is refused', async () => {
    const { host, task } = setup();
    host.hooks.tap('PreToolUse', 'bad', (e) => ({ updatedInput: { ...e.input, text: 42 } }));
    const result = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.PARAM_INVALID });
    expect(host.log).not.toContain('execute');
  });
});

describe('PreToolUse decisions', () => {
  const orders: PreToolUseResult['decision'][][] = [
    ['allow', 'ask', 'deny'],
    ['deny', 'ask', 'allow'],
    ['ask', 'deny', 'allow'],
  ];
  it.each(orders)('deny wins over ask and allow (%s, %s, %s)', async (...decisions) => {
    const { host, task } = setup();
    decisions.forEach((decision, i) => host.hooks.tap('PreToolUse', `tap-${i}`, () => ({ decision, reason: `${decision} says so` })));
    const result = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.HOOK_BLOCKED, mistake: 'keep' });
    expect(resultText(result)).toContain('deny says so');
    expect(host.approvals).toEqual([]);
    expect(host.log).not.toContain('execute');
  });

  it('ask wins over allow and goes to the host; yes runs the tool', async () => {
    const { host, task } = setup();
    host.hooks.tap('PreToolUse', 'allow', () => ({ decision: 'allow' }));
    host.hooks.tap('PreToolUse', 'ask', () => ({ decision: 'ask', reason: 'double-check writes' }));
    const result = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(result.isError).toBe(false);
    expect(host.approvals).toEqual([expect.objectContaining({ tool: 'save', reason: 'double-check writes' })]);
    expect(host.log.indexOf('ui.approve')).toBeLessThan(host.log.indexOf('execute'));
  });

  it('ask answered no: denied, and later tools of the message are skipped', async () => {
    const { host, task } = setup({ approve: false });
    host.hooks.tap('PreToolUse', 'ask', () => ({ decision: 'ask' }));
    const denied = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(denied).toMatchObject({ isError: true, code: ERROR_CODES.APPROVAL_DENIED });
    const skipped = await task.call('save', { path: 'b.txt', text: 'y' });
    expect(resultText(skipped)).toContain('Skipping tool');
    host.setApprove(true);
    task.newUserMessage();
    expect((await task.call('save', { path: 'b.txt', text: 'y' })).isError).toBe(false);
  });

  it('additionalContext reaches the model in a <hook_context> block', async () => {
    const { host, task } = setup();
    host.hooks.tap('PreToolUse', 'ctx', () => ({ additionalContext: 'POLICY: writes are logged' }));
    const result = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(resultText(result)).toContain('<hook_context source="PreToolUse" type="policy">\nwrites are logged\n</hook_context>');
  });

  it('tool-scoped taps only fire for their tools', async () => {
    const { host, task } = setup();
    host.hooks.tap('PreToolUse', { name: 'only-crash', tools: ['crash'] }, () => ({ decision: 'deny' }));
    expect((await task.call('save', { path: 'a.txt', text: 'x' })).isError).toBe(false);
    expect(await task.call('crash', {})).toMatchObject({ code: ERROR_CODES.HOOK_BLOCKED });
  });

  it('an unregistered tap no longer fires', async () => {
    const { host, task } = setup();
    const off = host.hooks.tap('PreToolUse', 'deny', () => ({ decision: 'deny' }));
    expect((await task.call('save', { path: 'a.txt', text: 'x' })).isError).toBe(true);
    off();
    expect((await task.call('save', { path: 'a.txt', text: 'x' })).isError).toBe(false);
  });
});

describe('PreToolUse failures', () => {
  const throws = () => {
    throw new Error('policy server down');
  };
  const hangs = () => new Promise<never>(() => {});
  it.each([
    { what: 'a throwing tap', fn: throws, onError: undefined, blocked: true },
    { what: 'a throwing tap with onError: continue', fn: throws, onError: 'continue' as const, blocked: false },
    { what: 'a timed-out tap', fn: hangs, onError: undefined, blocked: true },
    { what: 'a timed-out tap with onError: continue', fn: hangs, onError: 'continue' as const, blocked: false },
  ])('$what → blocked: $blocked', async ({ fn, onError, blocked }) => {
    const { host, task } = setup();
    host.hooks.tap('PreToolUse', { name: 'quiver-hooks-policy', onError, timeoutMs: 20 }, fn);
    const result = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(host.log.includes('execute')).toBe(!blocked);
    if (blocked) {
      expect(result).toMatchObject({ isError: true, code: ERROR_CODES.HOOK_BLOCKED });
      expect(resultText(result)).toContain('quiver-hooks-policy');
    } else {
      expect(result.isError).toBe(false);
    }
  });
});

describe('PostToolUse', () => {
  it('amends the result; each tap sees the previous amendment', async () => {
    const { host, task } = setup();
    const seen: string[] = [];
    host.hooks.tap('PostToolUse', 'one', (e) => (seen.push(resultText(e.result)), { result: textResult(`${resultText(e.result)} +one`) }));
    host.hooks.tap('PostToolUse', 'two', (e) => (seen.push(resultText(e.result)), { result: textResult(`${resultText(e.result)} +two`) }));
    const result = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(seen).toEqual(['saved a.txt', 'saved a.txt +one']);
    expect(resultText(result)).toBe('saved a.txt +one +two');
  });

  it('sees failures too, and a throwing tap leaves the result standing', async () => {
    const { host, task } = setup();
    const seen: boolean[] = [];
    host.hooks.tap('PostToolUse', 'observer', (e) => void seen.push(e.success));
    host.hooks.tap('PostToolUse', 'broken', () => {
      throw new Error('nope');
    });
    const result = await task.call('crash', {});
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.TOOL_FAILED });
    expect(seen).toEqual([false]);
    expect(host.said).toContainEqual({ type: 'hook_error', text: expect.stringContaining("'broken'") });
  });

  it('cancel marks the task aborted', async () => {
    const { host, task } = setup();
    host.hooks.tap('PostToolUse', 'stopper', () => ({ cancel: true, reason: 'budget exhausted' }));
    await task.call('save', { path: 'a.txt', text: 'x' });
    expect(task.state.abort).toBe(true);
    expect(host.said).toContainEqual({ type: 'error', text: 'budget exhausted' });
  });
});

describe('a throwing handler', () => {
  it('yields an error result; the task goes on and the next call works', async () => {
    const { task } = setup();
    const failed = await task.call('crash', {});
    expect(failed).toMatchObject({ isError: true, code: ERROR_CODES.TOOL_FAILED });
    expect(resultText(failed)).toContain('Error executing crash: disk on fire');
    expect(task.mistakes.count).toBe(1);
    const ok = await task.call('save', { path: 'a.txt', text: 'x' });
    expect(ok.isError).toBe(false);
    expect(task.mistakes.count).toBe(0);
  });
});
