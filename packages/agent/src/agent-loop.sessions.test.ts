// Retries the host can see, sessions saved as they go and resumed, the prompt-cache markers,
// and a Ctrl-C at a prompt that ends the run with no request after it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readFile from '@quiver/tool-read-file';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoopHarness, type LoopHarness } from '../test/support/loop-harness.js';
import {
  createSession,
  INTERRUPTED_CALL,
  loadSession,
  RESUMPTION_NOTE,
  runAgentLoop,
  type RetryNotice,
  type ScriptedReply,
} from './index.js';

let h: LoopHarness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const done = (result = 'Done.'): ScriptedReply => ({ toolCalls: [{ name: 'attempt_completion', input: { result } }] });
const read = (path: string): ScriptedReply => ({ toolCalls: [{ name: 'read_file', input: { path } }] });

describe('retries', () => {
  it("reports each retry with the provider's reason and the wait it asked for, then goes on", async () => {
    h = await createLoopHarness({
      plugins: [readFile],
      replies: [{ status: 529, error: 'Overloaded.', headers: { 'retry-after-ms': '30' } }, done()],
    });
    const retries: RetryNotice[] = [];
    const outcome = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Go',
      maxRetries: 2,
      ui: { retry: (n) => retries.push(n) },
    });
    expect(outcome.status).toBe('completed');
    expect(retries).toEqual([{ attempt: 1, maxRetries: 2, reason: 'HTTP 529: Overloaded', delayMs: 30 }]);
    expect(h.provider.requests).toHaveLength(2);
  });

  it('does not retry what cannot succeed (a 401), and its message has one full stop per sentence', async () => {
    h = await createLoopHarness({ plugins: [readFile], replies: [{ status: 401, error: 'invalid x-api-key.' }] });
    const retries: RetryNotice[] = [];
    const outcome = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Go',
      maxRetries: 2,
      ui: { retry: (n) => retries.push(n) },
    });
    expect(outcome.status).toBe('error');
    expect(retries).toEqual([]);
    expect(outcome.error!.message).toContain('invalid x-api-key. Check the API key');
    expect(outcome.error!.message).not.toMatch(/\.\./);
  });
});

describe('sessions', () => {
  it('saves the conversation as it grows, and a resumed run continues it with a result for the interrupted call', async () => {
    dir = await mkdtemp(join(tmpdir(), 'quiver-sessions-'));
    h = await createLoopHarness({
      plugins: [readFile],
      files: { 'a.txt': 'alpha\n' },
      replies: [read('a.txt'), { status: 500, error: 'down' }],
    });
    const session = createSession(dir, { id: 's1', created: new Date().toISOString(), prompt: 'Read a.txt', cwd: h.root });
    const first = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'Read a.txt',
      maxRetries: 0,
      ui: { messages: (m) => session.append(m) },
    });
    expect(first.status).toBe('error');
    session.end(first.status);
    const saved = loadSession(dir);
    expect(saved).toMatchObject({ status: 'error', header: { id: 's1', prompt: 'Read a.txt' } });
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(JSON.stringify(saved.messages[2])).toContain('1 | alpha');

    // A crash between the model's call and its result: the saved conversation ends with the call.
    await h.dispose();
    h = await createLoopHarness({ plugins: [readFile], files: { 'a.txt': 'alpha\n' }, replies: [done('a.txt says alpha')] });
    const cut = [...saved.messages.slice(0, 2)];
    const resumed = await runAgentLoop({
      runtime: h.runtime,
      model: h.model,
      prompt: 'and be brief',
      resume: cut,
      ui: { messages: (m) => session.append(m) },
    });
    expect(resumed).toMatchObject({ status: 'completed', result: 'a.txt says alpha' });
    const sent = JSON.stringify(h.provider.requests[0].body.messages);
    expect(sent).toContain(INTERRUPTED_CALL.slice(0, 40));
    expect(sent).toContain(RESUMPTION_NOTE.slice(0, 40));
    expect(sent).toContain('and be brief');
  });
});

describe('prompt caching', () => {
  it("marks the system prompt and the newest message for Anthropic's cache", async () => {
    h = await createLoopHarness({ plugins: [readFile], files: { 'a.txt': 'x' }, replies: [read('a.txt'), done()] });
    await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go' });
    const body = h.provider.requests[1].body as {
      system: { cache_control?: unknown }[];
      messages: { content: { cache_control?: unknown }[] }[];
    };
    expect(body.system.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    expect(body.messages.at(-1)!.content.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    // Only the newest message carries a marker: the rest of the prefix stays byte-identical.
    expect(body.messages.slice(0, -1).some((m) => JSON.stringify(m).includes('cache_control'))).toBe(false);
  });
});

describe('a cancelled prompt', () => {
  it('aborting while a tool asks ends the run as aborted, with no request after it and no mistake', async () => {
    const controller = new AbortController();
    h = await createLoopHarness({
      plugins: [readFile],
      files: { 'a.txt': 'x' },
      approve: () => {
        controller.abort();
        return { approved: false, message: 'Cancelled with Ctrl-C.' };
      },
      config: { approval: { readFiles: false } },
      replies: [read('a.txt'), done()],
    });
    const outcome = await runAgentLoop({ runtime: h.runtime, model: h.model, prompt: 'Go', signal: controller.signal });
    expect(outcome.status).toBe('aborted');
    expect(h.provider.requests).toHaveLength(1);
  });
});
