// End to end through @ai-sdk/anthropic against a server speaking the Messages API's SSE: the
// model's calls run through the real pipeline and their results go back as tool_result blocks.
import readFile from '@quiver/tool-read-file';
import writeToFile from '@quiver/tool-write-to-file';
import { readFile as readDisk } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoopHarness, type LoopHarness } from '../test/support/loop-harness.js';
import { runAgentLoop, type AgentToolCall } from './index.js';

let h: LoopHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

type Block = { type: string; [k: string]: unknown };
type Message = { role: string; content: string | Block[] };
const messagesOf = (i: number) => h!.provider.requests[i].body.messages as Message[];
const blocks = (m: Message): Block[] => (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content);

describe('anthropic: read_file, then attempt_completion', () => {
  it('runs the calls through the pipeline and ends on attempt_completion', async () => {
    h = await createLoopHarness({
      plugins: [readFile],
      files: { 'notes.txt': 'alpha\nbeta\n' },
      replies: [
        { text: 'Let me read it.', toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] },
        { toolCalls: [{ name: 'attempt_completion', input: { result: 'The file has two lines.' } }], usage: { input: 30, output: 7 } },
      ],
    });
    const text: string[] = [];
    const calls: AgentToolCall[] = [];
    const outcome = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'What is in notes.txt?',
      ui: { text: (d) => text.push(d), toolCall: (c) => calls.push(c) },
    });

    expect(outcome).toMatchObject({ status: 'completed', result: 'The file has two lines.', turns: 2, toolCalls: 2 });
    expect(outcome.usage).toMatchObject({ inputTokens: 40, outputTokens: 12, requests: 2 });
    expect(text.join('')).toBe('Let me read it.');
    expect(calls.map((c) => c.description)).toEqual(["[read_file for 'notes.txt']", '[attempt_completion]']);

    const first = h.provider.requests[0].body;
    expect(first.system).toEqual([
      expect.objectContaining({ text: expect.stringContaining('call attempt_completion'), cache_control: { type: 'ephemeral' } }),
    ]);
    expect((first.tools as { name: string; input_schema: { properties: object } }[]).map((t) => t.name).sort()).toEqual([
      'attempt_completion',
      'read_file',
    ]);
    expect(blocks(messagesOf(0)[0])).toEqual([expect.objectContaining({ type: 'text', text: 'What is in notes.txt?' })]);

    const second = messagesOf(1);
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(blocks(second[1]).map((b) => b.type)).toEqual(['text', 'tool_use']);
    const result = blocks(second[2])[0];
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: (blocks(second[1])[1] as { id: string }).id });
    expect(JSON.stringify(result.content)).toContain('1 | alpha');
  });

  it('sends an error result back marked is_error, and the model can recover', async () => {
    h = await createLoopHarness({
      plugins: [readFile],
      replies: [
        { toolCalls: [{ name: 'read_file', input: { path: 'missing.txt' } }] },
        { toolCalls: [{ name: 'attempt_completion', input: { result: 'No such file.' } }] },
      ],
    });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Read missing.txt' });
    expect(outcome.status).toBe('completed');
    const result = blocks(messagesOf(1)[2])[0];
    expect(result).toMatchObject({ type: 'tool_result', is_error: true });
  });

  it('sends image results as image blocks inside the tool_result', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    h = await createLoopHarness({
      plugins: [readFile],
      files: { 'dot.png': png },
      replies: [
        { toolCalls: [{ name: 'read_file', input: { path: 'dot.png' } }] },
        { toolCalls: [{ name: 'attempt_completion', input: { result: 'A dot.' } }] },
      ],
    });
    await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Look at dot.png' });
    const content = blocks(messagesOf(1)[2])[0].content as Block[];
    expect(content.map((b) => b.type)).toContain('image');
    expect(content.find((b) => b.type === 'image')).toMatchObject({ source: { type: 'base64', media_type: 'image/png' } });
  });
});

describe('streaming partial tool input', () => {
  it('a write_to_file preview arrives before the final block', async () => {
    const content = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');
    h = await createLoopHarness({
      plugins: [writeToFile],
      replies: [
        { toolCalls: [{ name: 'write_to_file', input: { path: 'out.txt', content }, chunks: 8 }] },
        { toolCalls: [{ name: 'attempt_completion', input: { result: 'Written.' } }] },
      ],
    });
    const order: string[] = [];
    const preview = h.ui.preview!.bind(h.ui);
    h.ui.preview = (p) => {
      order.push(p.final ? 'final' : 'partial');
      return preview(p);
    };
    const outcome = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Write out.txt',
      ui: { toolCall: () => void order.push('call') },
    });

    expect(outcome.status).toBe('completed');
    expect(await readDisk(h.path('out.txt'), 'utf8')).toBe(content);
    const partials = h.ui.previews.filter((p) => !p.final);
    expect(partials.length).toBeGreaterThan(1);
    // The previews grow with the stream, and all come before the complete call runs.
    expect(partials[0].content.length).toBeLessThan(partials.at(-1)!.content.length);
    // The last preview, before the call runs, has the complete input (for an approval diff).
    expect(partials.at(-1)!.content).toBe(content);
    expect(order.indexOf('call')).toBeGreaterThan(order.lastIndexOf('partial'));
    expect(order[order.indexOf('call') + 1]).toBe('final');
  });
});
