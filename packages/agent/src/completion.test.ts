// How a run ends: the task-state key set by attempt_completion, the stand-in tool when no plugin
// offers one, and a third-party attempt_completion that knows nothing of the key.
import readFile from '@quiver/tool-read-file';
import { definePlugin, defineTool, resultText, type HostUi } from '@quiver/core';
import { createHost } from '@quiver/core/host';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLoopHarness, type LoopHarness } from '../test/support/loop-harness.js';
import { COMPLETION_FALLBACK_PACKAGE, ensureCompletionTool, runAgentLoop } from './index.js';

let h: LoopHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };

describe('completion', () => {
  it('ensureCompletionTool adds the stand-in only when no plugin offers attempt_completion', () => {
    const host = createHost({ ui });
    ensureCompletionTool(host);
    ensureCompletionTool(host);
    expect(host.registry.list().map((t) => [t.name, t.package])).toEqual([['attempt_completion', COMPLETION_FALLBACK_PACKAGE]]);
    const other = createHost({ ui });
    const own = defineTool({
      name: 'attempt_completion',
      description: 'Mine.',
      params: z.object({ result: z.string() }),
      approval: 'none',
      execute: async () => 'ok',
    });
    other.registry.addPlugin(definePlugin({ name: 'acme-completion', tools: [own] }));
    ensureCompletionTool(other);
    expect(other.registry.list().map((t) => t.package)).toEqual(['acme-completion']);
  });

  it('the stand-in records the command, and says so when it cannot run it', async () => {
    h = await createLoopHarness({
      plugins: [readFile],
      replies: [{ toolCalls: [{ name: 'attempt_completion', input: { result: 'Built.', command: 'open index.html' } }] }],
    });
    const results: string[] = [];
    const outcome = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Build',
      ui: { toolResult: (_c, r) => void results.push(resultText(r)) },
    });
    expect(outcome).toMatchObject({ status: 'completed', result: 'Built.', command: 'open index.html' });
    expect(results[0]).toContain('The command was not run: execute_command is not available.');
  });

  it('a third-party attempt_completion ends the run on success, and not on an error', async () => {
    let calls = 0;
    const own = defineTool({
      name: 'attempt_completion',
      description: 'Finish.',
      params: z.object({ result: z.string() }),
      approval: 'none',
      execute: async () => (++calls === 1 ? { content: [{ type: 'text', text: 'Not yet: run the tests.' }], isError: true } : 'Accepted.'),
    });
    const finish = (result: string) => ({ toolCalls: [{ name: 'attempt_completion', input: { result } }] });
    h = await createLoopHarness({
      plugins: [definePlugin({ name: 'acme-completion', tools: [own] })],
      replies: [finish('First try.'), finish('Second try.')],
    });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go' });
    expect(outcome).toMatchObject({ status: 'completed', result: 'Second try.', turns: 2 });
  });
});
