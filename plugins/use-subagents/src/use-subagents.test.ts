// use_subagents through the real pipeline, with subagents running real agent loops against a
// scripted Anthropic endpoint on 127.0.0.1 through @ai-sdk/anthropic.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import {
  createScriptedProvider,
  provideAgentServices,
  type ScriptedProvider,
  type ScriptedReply,
  type ScriptedRequest,
} from '@quiver/agent';
import { STAGE } from '@quiver/core';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import readFile from '@quiver/tool-read-file';
import { afterEach, describe, expect, it } from 'vitest';
import useSubagents, { loadAgentToolsPlugin } from './index.js';
import { AGENT_ERRORS } from '@quiver/agent';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

let h: TestHarness | undefined;
let provider: ScriptedProvider | undefined;
afterEach(async () => {
  await provider?.close();
  await h?.dispose();
  h = provider = undefined;
});

type Msg = { role: string; content: string | { type: string; text?: string }[] };
/** The subagent's prompt: the text of its first user message. */
const promptOf = (r: ScriptedRequest) => {
  const first = (r.body.messages as Msg[])[0];
  return typeof first.content === 'string' ? first.content : first.content.map((b) => b.text ?? '').join('');
};
const turnOf = (r: ScriptedRequest) => Math.ceil((r.body.messages as Msg[]).length / 2);
const read = (path: string): ScriptedReply => ({ toolCalls: [{ name: 'read_file', input: { path } }], usage: { input: 1, output: 2 } });
const done = (result: string): ScriptedReply => ({
  toolCalls: [{ name: 'attempt_completion', input: { result } }],
  usage: { input: 1, output: 1 },
});

async function setup(
  replies: (r: ScriptedRequest, i: number) => ScriptedReply,
  options: { pluginOptions?: Record<string, unknown>; approve?: boolean; config?: object; withModel?: boolean } = {},
) {
  provider = await createScriptedProvider({ protocol: 'anthropic', replies });
  h = await createTestHarness({
    plugins: [readFile, { plugin: useSubagents, options: options.pluginOptions ?? {} }],
    files: { 'a.txt': 'alpha', 'b.txt': 'beta', 'c.txt': 'gamma' },
    approve: options.approve ?? false,
    config: options.config,
  });
  if (options.withModel !== false) {
    const languageModel = createAnthropic({ baseURL: provider.baseURL, apiKey: 'k' })('claude-test');
    provideAgentServices(h.runtime.host, {
      languageModel,
      modelId: 'claude-test',
      provider: 'anthropic',
      withModelId: (id) => createAnthropic({ baseURL: provider!.baseURL, apiKey: 'k' })(id),
    });
  }
  return h;
}

describe('use_subagents', () => {
  it('runs the prompts in parallel, each as a subagent task, and aggregates the results', async () => {
    await setup((r) => {
      const file = /read (\w\.txt)/.exec(promptOf(r))![1];
      // Hold each first request a moment, so all three are in flight together.
      return turnOf(r) === 1 ? { ...read(file), delayMs: 150 } : done(`${file} read`);
    });
    const result = await h!.call('use_subagents', { prompts: ['read a.txt', 'read b.txt', 'read c.txt'] });
    const text = h!.text(result);
    expect(result.isError).toBe(false);
    expect(text).toContain('Total: 3\nSucceeded: 3\nFailed: 0\nTool calls: 6');
    expect(text).toContain('Usage: 6 tokens in, 9 tokens out');
    expect(text).toContain('[1] COMPLETED - read a.txt\na.txt read');
    expect(text).toContain('[3] COMPLETED - read c.txt\nc.txt read');
    // In parallel: the three first turns reached the provider before any second turn.
    expect(provider!.requests.slice(0, 3).map(turnOf)).toEqual([1, 1, 1]);
    // Subagents are read-only tools and run without approval prompts (the harness denies all).
    expect(h!.approvals).toEqual([]);
    const tools = (provider!.requests[0].body.tools as { name: string }[]).map((t) => t.name).sort();
    expect(tools).toEqual(['attempt_completion', 'read_file']);
    expect(JSON.stringify(provider!.requests[0].body.system)).toContain('# Agent Profile');
    expect(h!.said.filter((s) => s.type === 'subagent_usage')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ source: 'subagents', tokensIn: 6, tokensOut: 9 }) }),
    ]);
  });

  it('caps each subagent at maxTurns; a failure is reported beside the successes', async () => {
    await setup((r) => (promptOf(r).includes('forever') ? read('a.txt') : turnOf(r) === 1 ? read('b.txt') : done('found it')), {
      pluginOptions: { maxTurns: 2 },
    });
    const text = h!.text(await h!.call('use_subagents', { prompts: '["loop forever", "find b"]' }));
    expect(text).toContain('Total: 2\nSucceeded: 1\nFailed: 1');
    expect(text).toContain('[1] FAILED - loop forever\nError: The task reached its limit of 2 model requests');
    expect(text).toContain('[2] COMPLETED - find b\nfound it');
    expect(provider!.requests.filter((r) => promptOf(r).includes('forever'))).toHaveLength(2);
  });

  it('without a model it says to run inside quiver run, and counts no mistake', async () => {
    await setup(() => done('x'), { withModel: false });
    const result = await h!.call('use_subagents', { prompts: ['anything'] });
    expect(result).toMatchObject({ isError: true, code: AGENT_ERRORS.AGENT_MODEL_MISSING });
    expect(h!.text(result)).toContain('use_subagents needs a model: run inside `quiver run`');
    expect(h!.mistakes.count).toBe(0);
  });

  it('prompts: missing → missing-parameter mistake; more than 5 → error', async () => {
    await setup(() => done('x'));
    const missing = await h!.call('use_subagents', {});
    expect(h!.text(missing)).toContain("Missing value for required parameter 'prompts'");
    expect(h!.mistakes.count).toBe(1);
    const many = await h!.call('use_subagents', { prompts: ['1', '2', '3', '4', '5', '6'] });
    expect(h!.text(many)).toBe('Too many subagent prompts provided (6). Maximum is 5.');
    expect(h!.mistakes.count).toBe(2);
    expect(provider!.requests).toHaveLength(0);
  });

  it('is approved in the read category; a denial runs nothing', async () => {
    await setup(() => done('x'), { config: { approval: { readFiles: false } }, approve: false });
    const result = await h!.call('use_subagents', { prompts: ['anything'] });
    expect(h!.text(result)).toContain('The user denied this operation.');
    expect(h!.approvals).toEqual([expect.objectContaining({ tool: 'use_subagents', category: 'read' })]);
    expect(provider!.requests).toHaveLength(0);
  });
});

/** The text of the tool result the subagent got back for its first call. */
const firstToolResult = (r: ScriptedRequest) => JSON.stringify((r.body.messages as Msg[])[2]?.content ?? '');

describe("subagents get the main task's decisions, never more (S1)", () => {
  it('a read outside the workspace (which the main task would ask about) is refused, saying it needs the main task', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'quiver-s1-'));
    await writeFile(join(outside, 'secret.txt'), 'TOP-SECRET-OUTSIDE');
    try {
      await setup((r) => (turnOf(r) === 1 ? read(join(outside, 'secret.txt')) : done('tried')));
      const result = await h!.call('use_subagents', { prompts: ['read the secret'] });
      expect(result.isError).toBe(false);
      const answer = firstToolResult(provider!.requests[1]);
      expect(answer).toContain('read_file was not run');
      expect(answer).toContain('needs the main task');
      expect(answer).not.toContain('TOP-SECRET-OUTSIDE');
      expect(h!.approvals).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("a PreToolUse hook's ask is refused in a subagent, not treated as allow", async () => {
    await setup((r) => (turnOf(r) === 1 ? read('a.txt') : done('tried')));
    h!.runtime.host.hooks.tap('PreToolUse', { name: 'test-ask', stage: STAGE.POLICY, tools: ['read_file'] }, () => ({
      decision: 'ask',
      reason: 'the hook wants a human',
    }));
    await h!.call('use_subagents', { prompts: ['read a'] });
    const answer = firstToolResult(provider!.requests[1]);
    expect(answer).toContain('needs the main task');
    expect(answer).toContain('the hook wants a human');
    expect(answer).not.toContain('alpha');
  });

  it('control: a read inside the workspace that the main task auto-approves still runs', async () => {
    await setup((r) => (turnOf(r) === 1 ? read('a.txt') : done('ok')));
    await h!.call('use_subagents', { prompts: ['read a'] });
    expect(firstToolResult(provider!.requests[1])).toContain('alpha');
  });
});

describe('dynamic subagent tools from .quiver/agents', () => {
  it('use_subagent_<slug> runs the agent with its prompt body, profile, tools and model', async () => {
    await setup(() => done('Looks good.'));
    await mkdir(join(h!.root, '.quiver/agents'), { recursive: true });
    await writeFile(
      join(h!.root, '.quiver/agents/reviewer.yaml'),
      '---\nname: Code Reviewer\ndescription: Reviews a change\ntools: [read_file]\nmodel: claude-review\n---\nYou are a meticulous reviewer.\n',
    );
    const agents = await loadAgentToolsPlugin(h!.root, h!.runtime.host.registry.names());
    expect(agents).toMatchObject({ names: ['use_subagent_code_reviewer'], errors: [] });
    h!.runtime.host.registry.addPlugin(agents.plugin!);

    const missing = await h!.call('use_subagent_code_reviewer', {});
    expect(h!.text(missing)).toContain("Missing value for required parameter 'prompt'");
    const result = await h!.call('use_subagent_code_reviewer', { prompt: 'review this PR' });
    expect(h!.text(result)).toContain('[1] COMPLETED - review this PR\nLooks good.');
    const request = provider!.requests[0].body;
    expect(request.model).toBe('claude-review');
    expect(promptOf(provider!.requests[0])).toBe('review this PR');
    const system = JSON.stringify(request.system);
    expect(system).toContain('You are a meticulous reviewer.');
    expect(system).toContain('Name: Code Reviewer');
    expect((request.tools as { name: string }[]).map((t) => t.name).sort()).toEqual(['attempt_completion', 'read_file']);
  });
});
