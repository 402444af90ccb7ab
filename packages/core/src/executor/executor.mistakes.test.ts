// Blank parameters, the consecutive-mistake counter and loop detection (SPEC Part B §2, §9,
// §11; Part A: the count resets on a new user message, baseline #10358).
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, definePlugin, ERROR_CODES, errorResult, resultText, textResult, type MistakeEffect } from '../index.js';
import { createRecordingHost, type RecordingHost } from '../../test/support/recording-host.js';

let host: RecordingHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

function setup(maxConsecutiveMistakes?: number) {
  const h = (host = createRecordingHost({ bare: true, approval: { yolo: true, maxConsecutiveMistakes } }));
  let runs = 0;
  const write = defineTool({
    name: 'write',
    description: 'Writes content.',
    params: z.object({ path: z.string(), content: z.string(), count: z.number().optional(), task_progress: z.string().optional() }),
    allowEmpty: ['content'],
    approval: 'none',
    async execute() {
      runs++;
      return 'ok';
    },
  });
  const verdict = defineTool({
    name: 'verdict',
    description: 'Returns what it is told.',
    params: z.object({ isError: z.boolean(), mistake: z.enum(['increment', 'reset', 'keep']).optional() }),
    approval: 'none',
    async execute(_config, { isError, mistake }) {
      return isError
        ? errorResult('failed', ERROR_CODES.TOOL_FAILED, mistake as MistakeEffect)
        : textResult('fine', mistake as MistakeEffect);
    },
  });
  h.registry.addPlugin(definePlugin({ name: 'quiver-tool-write', tools: [write, verdict] }));
  return { host: h, task: h.createTask(), runs: () => runs };
}

describe('blank parameters', () => {
  it.each([
    { param: 'path', value: undefined },
    { param: 'path', value: null },
    { param: 'path', value: '' },
    { param: 'path', value: '   ' },
    { param: 'path', value: '\n\t' },
    { param: 'content', value: undefined },
    { param: 'content', value: null },
  ])('$param = $value counts as missing', async ({ param, value }) => {
    const { host, task, runs } = setup();
    const params: Record<string, unknown> = { path: 'a.txt', content: 'x', [param]: value };
    if (value === undefined) delete params[param];
    const result = await task.call('write', params);
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.PARAM_MISSING });
    expect(resultText(result)).toContain(`'${param}'`);
    expect(task.mistakes.count).toBe(1);
    expect(runs()).toBe(0);
    expect(host.said).toContainEqual({ type: 'error', text: expect.stringContaining(`required parameter '${param}'`) });
  });

  it.each(['', '   '])('an allowEmpty parameter accepts %j', async (content) => {
    const { task, runs } = setup();
    const result = await task.call('write', { path: 'a.txt', content });
    expect(result.isError).toBe(false);
    expect(runs()).toBe(1);
  });

  it.each([
    { params: { path: 5, content: 'x' }, key: 'path' },
    { params: { path: 'a', content: 'x', count: 'two' }, key: 'count' },
    { params: { path: ['a'], content: 'x' }, key: 'path' },
  ])('a type error is PARAM_INVALID naming $key', async ({ params, key }) => {
    const { task, runs } = setup();
    const result = await task.call('write', params);
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.PARAM_INVALID });
    expect(resultText(result)).toContain(`${key}:`);
    expect(task.mistakes.count).toBe(1);
    expect(runs()).toBe(0);
  });
});

describe('the mistake counter', () => {
  it('counts errors, resets on success', async () => {
    const { task } = setup();
    await task.call('write', { path: '' });
    await task.call('write', { path: 'a', content: 'x', count: 'x' });
    expect(task.mistakes.count).toBe(2);
    await task.call('write', { path: 'a', content: 'x' });
    expect(task.mistakes.count).toBe(0);
  });

  it.each([
    { isError: false, mistake: undefined, after: 0 },
    { isError: true, mistake: undefined, after: 2 },
    { isError: false, mistake: 'keep', after: 1 },
    { isError: true, mistake: 'keep', after: 1 },
    { isError: false, mistake: 'increment', after: 2 },
    { isError: true, mistake: 'reset', after: 0 },
  ])('a result with isError $isError, mistake $mistake leaves the count at $after', async ({ isError, mistake, after }) => {
    const { task } = setup();
    await task.call('write', {});
    expect(task.mistakes.count).toBe(1);
    await task.call('verdict', mistake ? { isError, mistake } : { isError });
    expect(task.mistakes.count).toBe(after);
  });

  it('reaches the configured limit', async () => {
    const { task } = setup(2);
    await task.call('write', {});
    expect(task.mistakes.limitReached).toBe(false);
    await task.call('write', { path: '' });
    expect(task.mistakes).toMatchObject({ count: 2, limit: 2, limitReached: true });
  });

  it('a new user message resets it (Part A, baseline #10358)', async () => {
    const { task } = setup();
    await task.call('write', {});
    await task.call('write', {});
    task.newUserMessage();
    expect(task.mistakes.count).toBe(0);
  });
});

describe('loop detection', () => {
  const call = { path: 'a.txt', content: 'x' };
  const warned = (text: string) => text.includes('identical arguments');

  it('warns on the third identical call and trips the limit on the fifth', async () => {
    const { task } = setup();
    const texts: string[] = [];
    for (let i = 1; i <= 5; i++) {
      texts.push(resultText(await task.call('write', i % 2 ? call : { content: 'x', path: 'a.txt', task_progress: `- [x] ${i}` })));
      expect(task.mistakes.limitReached).toBe(i === 5);
    }
    expect(texts.map(warned)).toEqual([false, false, true, false, false]);
  });

  it('a different call starts the count again', async () => {
    const { task } = setup();
    await task.call('write', call);
    await task.call('write', call);
    await task.call('write', { ...call, content: 'y' });
    expect(warned(resultText(await task.call('write', { ...call, content: 'y' })))).toBe(false);
    expect(warned(resultText(await task.call('write', { ...call, content: 'y' })))).toBe(true);
  });

  it('a new user message resets it', async () => {
    const { task } = setup();
    await task.call('write', call);
    await task.call('write', call);
    task.newUserMessage();
    expect(warned(resultText(await task.call('write', call)))).toBe(false);
  });
});
