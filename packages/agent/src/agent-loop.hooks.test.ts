// Task lifecycle hooks around the loop (in-process taps): TaskStart and UserPromptSubmit before
// the first request, TaskComplete at the end, TaskCancel on abort; cancels stop the task.
import readFile from '@quiver/tool-read-file';
import { defineTool, definePlugin } from '@quiver/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLoopHarness, type LoopHarness } from '../test/support/loop-harness.js';
import { runAgentLoop, type ScriptedReply } from './index.js';
import { AGENT_ERRORS } from './agent-errors.js';

let h: LoopHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const read: ScriptedReply = { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] };
const done: ScriptedReply = { toolCalls: [{ name: 'attempt_completion', input: { result: 'All done.' } }] };
const firstUserText = () => {
  const m = (h!.provider.requests[0].body.messages as { content: { text: string }[] }[])[0];
  return m.content.map((b) => b.text).join('\n');
};

describe('lifecycle hooks', () => {
  it('fire in order: TaskStart, UserPromptSubmit, the tool hooks, TaskComplete with the result', async () => {
    h = await createLoopHarness({ plugins: [readFile], files: { 'a.txt': 'x' }, replies: [read, done] });
    const { hooks } = h.runtime.host;
    const seen: string[] = [];
    hooks.tap('TaskStart', 'test', (e) => void seen.push(`TaskStart:${e.task}`));
    hooks.tap('UserPromptSubmit', 'test', (e) => void seen.push(`UserPromptSubmit:${e.prompt}`));
    hooks.tap('PreToolUse', 'test', (e) => void seen.push(`PreToolUse:${e.tool}`));
    hooks.tap('TaskComplete', 'test', (e) => void seen.push(`TaskComplete:${e.result}`));
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Read a.txt' });
    expect(outcome.status).toBe('completed');
    expect(seen).toEqual([
      'TaskStart:Read a.txt',
      'UserPromptSubmit:Read a.txt',
      'PreToolUse:read_file',
      'PreToolUse:attempt_completion',
      'TaskComplete:All done.',
    ]);
  });

  it('UserPromptSubmit may rewrite the prompt and add context; TaskStart context goes along', async () => {
    h = await createLoopHarness({ plugins: [readFile], replies: [done] });
    const { hooks } = h.runtime.host;
    hooks.tap('TaskStart', 'test', () => ({ additionalContext: 'RULES: be brief' }));
    hooks.tap('UserPromptSubmit', 'test', (e) => ({ prompt: `${e.prompt} (in French)`, additionalContext: 'The user is in Paris.' }));
    await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Say hello' });
    const text = firstUserText();
    expect(text).toContain('Say hello (in French)');
    expect(text).toContain('<hook_context source="TaskStart" type="rules">\nbe brief\n</hook_context>');
    expect(text).toContain('<hook_context source="UserPromptSubmit" type="general">\nThe user is in Paris.\n</hook_context>');
  });

  it('a failing lifecycle hook (invalid output, a throw) is reported to the user, and the task goes on', async () => {
    h = await createLoopHarness({ plugins: [readFile], replies: [done] });
    h.runtime.host.hooks.tap('TaskStart', 'test-broken', () => {
      throw new Error("Hook './start.sh' printed output that is not valid hook JSON");
    });
    const notices: string[] = [];
    const outcome = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Hi',
      ui: { notice: (kind, message) => void notices.push(`${kind}: ${message}`) },
    });
    expect(outcome.status).toBe('completed');
    expect(notices).toContainEqual(
      expect.stringContaining(
        "hook_error: TaskStart hook 'test-broken' failed: Hook './start.sh' printed output that is not valid hook JSON",
      ),
    );
  });

  it('a TaskStart cancel ends the task before any model request', async () => {
    h = await createLoopHarness({ plugins: [readFile], replies: [done] });
    h.runtime.host.hooks.tap('TaskStart', 'test', () => ({ cancel: true, reason: 'Not on Fridays.' }));
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go' });
    expect(outcome).toMatchObject({
      status: 'cancelled',
      turns: 0,
      error: { code: AGENT_ERRORS.AGENT_CANCELLED, message: 'Not on Fridays.' },
    });
    expect(h.provider.requests).toHaveLength(0);
  });

  it('a UserPromptSubmit cancel blocks the prompt', async () => {
    h = await createLoopHarness({ plugins: [readFile], replies: [done] });
    h.runtime.host.hooks.tap('UserPromptSubmit', 'test', () => ({ cancel: true, reason: 'Prompt contains a secret.' }));
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'My key is sk-123' });
    expect(outcome).toMatchObject({ status: 'cancelled', error: { message: 'Prompt contains a secret.' } });
    expect(h.provider.requests).toHaveLength(0);
  });

  it('a PostToolUse cancel ends the task after that tool', async () => {
    h = await createLoopHarness({ plugins: [readFile], files: { 'a.txt': 'x' }, replies: [read, done] });
    h.runtime.host.hooks.tap('PostToolUse', 'test', () => ({ cancel: true, reason: 'Enough.' }));
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go' });
    expect(outcome).toMatchObject({ status: 'cancelled', turns: 1, toolCalls: 1 });
  });
});

describe('abort', () => {
  it('aborting kills the running tool through the task signal, ends the run and fires TaskCancel', async () => {
    let sawAbort = false;
    const wait = defineTool({
      name: 'wait_forever',
      description: 'Waits until cancelled.',
      params: z.object({}),
      approval: 'none',
      execute: (config) =>
        new Promise<string>((resolve) => {
          config.signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve('stopped');
          });
        }),
    });
    h = await createLoopHarness({
      plugins: [definePlugin({ name: 'test-wait', tools: [wait] })],
      replies: [{ toolCalls: [{ name: 'wait_forever', input: {} }] }, done],
    });
    const cancelled: string[] = [];
    h.runtime.host.hooks.tap('TaskCancel', 'test', (e) => void cancelled.push(e.message));
    const controller = new AbortController();
    const outcome = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Wait',
      signal: controller.signal,
      ui: { toolCall: () => setTimeout(() => controller.abort(), 20) },
    });
    expect(sawAbort).toBe(true);
    expect(outcome).toMatchObject({ status: 'aborted', error: { code: AGENT_ERRORS.AGENT_ABORTED } });
    expect(cancelled).toEqual(['The task was aborted.']);
    expect(h.provider.requests).toHaveLength(1);
  });

  it('aborting while the model is still answering ends the run without waiting for it', async () => {
    h = await createLoopHarness({ plugins: [readFile], replies: [{ ...done, delayMs: 5000 }] });
    const controller = new AbortController();
    const run = runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Go',
      signal: controller.signal,
      ui: { turnStart: () => setTimeout(() => controller.abort(), 50) },
    });
    expect(await run).toMatchObject({ status: 'aborted', turns: 1 });
  });
});
