// The consecutive-mistake limit (SPEC Part B §11, Part A): a turn without a tool counts, yolo
// ends the task, otherwise the user is asked and a reply resets the count; loop detection;
// the turn cap; refused calls.
import readFile from '@quiver/tool-read-file';
import writeToFile from '@quiver/tool-write-to-file';
import { ERROR_CODES, resultText } from '@quiver/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoopHarness, type LoopHarness } from '../test/support/loop-harness.js';
import { agentResponses, runAgentLoop, type ScriptedReply } from './index.js';
import { AGENT_ERRORS } from './agent-errors.js';

let h: LoopHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const chat: ScriptedReply = { text: 'I think the answer is 42.' };
const done = (result = 'Done.'): ScriptedReply => ({ toolCalls: [{ name: 'attempt_completion', input: { result } }] });
const lastUserText = (i: number) => {
  const messages = h!.provider.requests[i].body.messages as {
    role: string;
    content: string | { type: string; text?: string; content?: unknown }[];
  }[];
  const last = messages.at(-1)!;
  if (typeof last.content === 'string') return last.content;
  return last.content.map((b) => (typeof b.text === 'string' ? b.text : JSON.stringify(b.content))).join('\n');
};

describe('a turn without a tool call', () => {
  it('counts a mistake and sends the noToolsUsed reminder', async () => {
    h = await createLoopHarness({ plugins: [readFile], replies: [chat, done()] });
    const notices: string[] = [];
    const outcome = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Answer',
      ui: { notice: (kind) => notices.push(kind) },
    });
    expect(outcome.status).toBe('completed');
    expect(notices).toEqual(['mistake']);
    expect(lastUserText(1)).toContain('[ERROR] You did not use a tool in your previous response!');
  });
});

describe('the mistake limit', () => {
  it('yolo: three mistakes end the task with the YOLO message', async () => {
    h = await createLoopHarness({ plugins: [readFile], config: { approval: { yolo: true } }, replies: () => chat });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Answer' });
    expect(outcome.status).toBe('mistake_limit');
    expect(outcome.error).toEqual({ code: ERROR_CODES.MISTAKE_LIMIT, message: agentResponses.yoloMistakeLimit(3) });
    expect(outcome.error!.message).toContain('[YOLO MODE] Task failed: Too many consecutive mistakes (3)');
    expect(h.provider.requests).toHaveLength(3);
  });

  it('otherwise asks the user; the reply goes to the model and resets the count', async () => {
    h = await createLoopHarness({
      plugins: [readFile],
      files: { 'a.txt': 'x' },
      ask: { response: 'message', text: 'Read a.txt first.' },
      replies: [chat, chat, chat, { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] }, done()],
    });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Answer' });
    expect(outcome.status).toBe('completed');
    expect(h.ui.asked).toEqual([
      expect.objectContaining({ type: 'mistake_limit_reached', text: expect.stringContaining('3 consecutive mistakes') }),
    ]);
    expect(lastUserText(3)).toContain('<feedback>\nRead a.txt first.\n</feedback>');
  });

  it('a "no" from the user ends the task', async () => {
    h = await createLoopHarness({ plugins: [readFile], ask: { response: 'no' }, replies: () => chat });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Answer' });
    expect(outcome).toMatchObject({ status: 'mistake_limit', turns: 3 });
  });

  it('failing tool calls count too (bad JSON, a missing parameter, an unknown tool)', async () => {
    h = await createLoopHarness({
      plugins: [readFile],
      config: { approval: { yolo: true } },
      replies: [
        { toolCalls: [{ name: 'read_file', input: {}, rawInput: '{"path": "a.txt' }] },
        { toolCalls: [{ name: 'read_file', input: {} }] },
        { toolCalls: [{ name: 'no_such_tool', input: { x: 1 } }] },
      ],
    });
    const results: string[] = [];
    const outcome = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Go',
      ui: { toolResult: (_c, r) => void results.push(resultText(r)) },
    });
    expect(outcome).toMatchObject({ status: 'mistake_limit', turns: 3, toolCalls: 3 });
    expect(results[2]).toContain("No tool named 'no_such_tool' is available. Use one of: ");
    expect(outcome.error!.message).toContain('Too many consecutive mistakes (3)');
    expect(lastUserText(1)).toContain("The arguments of your 'read_file' call were not valid JSON");
    // The unparseable call went back to the provider as an empty object, so the request was valid.
    const assistant = (h.provider.requests[1].body.messages as { role: string; content: { type: string; input?: unknown }[] }[])[1];
    expect(assistant.content.find((b) => b.type === 'tool_use')?.input).toEqual({});
    expect(lastUserText(2)).toContain("Missing value for required parameter 'path'");
  });

  it('five identical calls in a row trip the limit (loop detection), with a warning at three', async () => {
    h = await createLoopHarness({
      plugins: [readFile],
      files: { 'a.txt': 'same' },
      config: { approval: { yolo: true } },
      replies: () => ({ toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] }),
    });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Loop' });
    expect(outcome).toMatchObject({ status: 'mistake_limit', turns: 5 });
    expect(lastUserText(3)).toContain('identical arguments 3 times in a row');
    // The end says what happened, not "3 consecutive mistakes" (there were none).
    expect(outcome.error!.message).toBe(
      "The model called 'read_file' with identical arguments 5 times in a row; the task was stopped so it does not loop forever.",
    );
  });

  it('asks the user about a loop in words that name the loop, and a reply clears it', async () => {
    h = await createLoopHarness({
      plugins: [readFile],
      files: { 'a.txt': 'same' },
      ask: { response: 'message', text: 'read b.txt instead' },
      replies: (_r, i) => (i < 5 ? { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] } : done()),
    });
    const notices: string[] = [];
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Loop', ui: { notice: (_k, m) => notices.push(m) } });
    expect(outcome.status).toBe('completed');
    expect(notices).toContain("The model called 'read_file' with identical arguments 5 times in a row.");
    expect(h.ui.asked[0].text).toMatch(
      /^The model called 'read_file' with identical arguments 5 times in a row and seems to be stuck in a loop\./,
    );
    expect(lastUserText(5)).toContain('read b.txt instead');
  });
});

describe('limits and refusals', () => {
  it('maxTurns stops a run that never completes', async () => {
    h = await createLoopHarness({
      plugins: [readFile],
      files: { 'a.txt': 'x' },
      replies: (_r, i) => ({ toolCalls: [{ name: 'read_file', input: { path: 'a.txt', start_line: i + 1 } }] }),
    });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go', maxTurns: 2 });
    expect(outcome).toMatchObject({ status: 'max_turns', turns: 2, error: { code: AGENT_ERRORS.AGENT_MAX_TURNS } });
    expect(h.provider.requests).toHaveLength(2);
  });

  it('an allow-list refuses other tools with the subagent text, and offers only its tools', async () => {
    h = await createLoopHarness({
      plugins: [readFile, writeToFile],
      replies: [{ toolCalls: [{ name: 'write_to_file', input: { path: 'x', content: 'y' } }] }, done()],
    });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go', tools: ['read_file', 'attempt_completion'] });
    expect(outcome.status).toBe('completed');
    expect((h.provider.requests[0].body.tools as { name: string }[]).map((t) => t.name).sort()).toEqual([
      'attempt_completion',
      'read_file',
    ]);
    expect(lastUserText(1)).toContain("Tool 'write_to_file' is not available inside subagent runs.");
  });

  it('maxEmptyTurns ends a run that keeps answering without tools', async () => {
    h = await createLoopHarness({ plugins: [readFile], replies: () => chat });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go', maxEmptyTurns: 1, onMistakeLimit: 'stop' });
    expect(outcome).toMatchObject({ status: 'no_completion', turns: 2, error: { message: 'Subagent did not call attempt_completion.' } });
  });
});
