// End to end through @ai-sdk/openai (chat completions) and @ai-sdk/openai-compatible (a local
// Ollama / LM Studio / vLLM endpoint) against a server speaking chat-completions SSE.
import readFile from '@quiver/tool-read-file';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoopHarness, type Flavour, type LoopHarness } from '../test/support/loop-harness.js';
import { runAgentLoop } from './index.js';

let h: LoopHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

type Message = {
  role: string;
  content: unknown;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe.each<Flavour>(['openai', 'openai-compatible'])('%s: read_file, then attempt_completion', (flavour) => {
  it('runs the calls and sends the results back as tool messages', async () => {
    h = await createLoopHarness({
      flavour,
      plugins: [readFile],
      files: { 'notes.txt': 'alpha\n' },
      replies: [
        { text: 'Reading.', toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] },
        { toolCalls: [{ name: 'attempt_completion', input: { result: 'It says alpha.' } }] },
      ],
    });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Read notes.txt' });
    expect(outcome).toMatchObject({ status: 'completed', result: 'It says alpha.', turns: 2, toolCalls: 2 });
    expect(outcome.usage).toMatchObject({ inputTokens: 20, outputTokens: 10 });

    const first = h.provider.requests[0].body;
    expect((first.messages as Message[])[0]).toMatchObject({ role: 'system', content: expect.stringContaining('call attempt_completion') });
    expect((first.tools as { function: { name: string } }[]).map((t) => t.function.name).sort()).toEqual([
      'attempt_completion',
      'read_file',
    ]);
    const second = h.provider.requests[1].body.messages as Message[];
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(second[2].tool_calls![0].function).toEqual({ name: 'read_file', arguments: '{"path":"notes.txt"}' });
    expect(second[3]).toMatchObject({ tool_call_id: second[2].tool_calls![0].id, content: expect.stringContaining('1 | alpha') });
  });
});

describe('images with chat completions', () => {
  it('openai: tool messages are text, so the image follows in a user message', async () => {
    h = await createLoopHarness({
      flavour: 'openai',
      plugins: [readFile],
      files: { 'dot.png': PNG },
      replies: [
        { toolCalls: [{ name: 'read_file', input: { path: 'dot.png' } }] },
        { toolCalls: [{ name: 'attempt_completion', input: { result: 'A dot.' } }] },
      ],
    });
    await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Look at dot.png' });
    const second = h.provider.requests[1].body.messages as Message[];
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(JSON.stringify(second[4].content)).toContain('data:image/png;base64,');
  });

  it('openai-compatible: the image is left out with a note (the server may be text-only)', async () => {
    h = await createLoopHarness({
      flavour: 'openai-compatible',
      plugins: [readFile],
      files: { 'dot.png': PNG },
      replies: [
        { toolCalls: [{ name: 'read_file', input: { path: 'dot.png' } }] },
        { toolCalls: [{ name: 'attempt_completion', input: { result: 'A dot.' } }] },
      ],
    });
    await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Look at dot.png' });
    const second = h.provider.requests[1].body.messages as Message[];
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(second[3].content).toContain('cannot receive images here');
  });
});
