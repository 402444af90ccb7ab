// End to end: the built `quiver run` against a scripted provider on 127.0.0.1 speaking the
// real wire protocols (Anthropic Messages SSE, OpenAI chat-completions SSE), through the real
// AI SDK providers. Needs the build (`pnpm test` builds first).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createScriptedProvider,
  type ScriptedProvider,
  type ScriptedProviderOptions,
  type ScriptedReply,
  type ScriptedRequest,
} from '@quiver/agent';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processesWith } from '@quiver/testing';

const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
let tmp: string;
let provider: ScriptedProvider | undefined;
let n = 0;

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build first (cd /work/main && pnpm turbo run build --filter @quiver/cli...).`);
  tmp = await realpath(await mkdtemp(join(tmpdir(), 'quiver-run-')));
});
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function workspace(files: Record<string, string>, config?: object): Promise<string> {
  const dir = join(tmp, `ws-${n++}`);
  await mkdir(dir, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  if (config) await writeFile(join(dir, 'quiver.config.json'), JSON.stringify(config));
  return dir;
}

async function serve(protocol: ScriptedProviderOptions['protocol'], replies: ScriptedProviderOptions['replies']): Promise<string> {
  provider = await createScriptedProvider({ protocol, replies });
  return provider.baseURL;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run `quiver run ...` in a folder; `whileRunning` may poke the process (send SIGINT). */
function quiver(
  dir: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  whileRunning?: (child: ReturnType<typeof spawn>) => void,
): Promise<Run> {
  return new Promise((resolve) => {
    // --trust: the test trusts its own temp workspace (its config names hooks, endpoints and keys).
    const child = spawn(process.execPath, [BIN, 'run', '--trust', ...args], {
      cwd: dir,
      env: { ...process.env, ANTHROPIC_API_KEY: undefined, OPENAI_API_KEY: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    whileRunning?.(child);
  });
}

const anthropicArgs = (url: string) => ['--provider', 'anthropic', '--model', 'claude-test', '--base-url', url, '--max-retries', '0'];
const call = (name: string, input: Record<string, unknown>, text?: string): ScriptedReply => ({ text, toolCalls: [{ name, input }] });
const done = (result: string) => call('attempt_completion', { result });
const byTurn =
  (...replies: ScriptedReply[]) =>
  (r: ScriptedRequest) =>
    replies[Math.min(replies.length - 1, (r.body.messages as unknown[]).length >> 1)];

describe('quiver run: providers', () => {
  it('anthropic: reads a file, completes; text to stdout, tool activity to stderr', async () => {
    const dir = await workspace({ 'notes.txt': 'hello world\n' });
    const url = await serve('anthropic', [call('read_file', { path: 'notes.txt' }, 'Let me look.'), done('notes.txt says hello world.')]);
    const r = await quiver(dir, ['What is in notes.txt?', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'sk-test' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Let me look.\n\nnotes.txt says hello world.\n');
    expect(r.stderr).toContain("quiver: [read_file for 'notes.txt']");
    expect(r.stderr).toContain('quiver: 2 model requests, 2 tool calls');
    expect(provider!.requests[0].headers['x-api-key']).toBe('sk-test');
    expect(JSON.stringify(provider!.requests[1].body.messages)).toContain('1 | hello world');
  });

  it('openai from the config model entry, with the key from the named variable; --json prints a summary', async () => {
    const url = await serve('openai', [call('read_file', { path: 'a.txt' }), done('Read it.')]);
    const dir = await workspace(
      { 'a.txt': 'x' },
      { model: { provider: 'openai', model: 'gpt-test', baseURL: url, apiKeyEnv: 'MY_OPENAI_KEY' } },
    );
    const r = await quiver(dir, ['Read a.txt', '--json', '--max-retries', '0'], { MY_OPENAI_KEY: 'sk-mine' });
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout.trim());
    expect(summary).toMatchObject({
      status: 'completed',
      result: 'Read it.',
      turns: 2,
      toolCalls: 2,
      usage: { inputTokens: 20, outputTokens: 10 },
      model: { provider: 'openai', model: 'gpt-test' },
    });
    expect(summary.messages).toBeUndefined();
    expect(provider!.requests[0].headers.authorization).toBe('Bearer sk-mine');
    expect(provider!.requests[0].path).toBe('/v1/chat/completions');
  });

  it('an OpenAI-compatible endpoint (a local Ollama / LM Studio / vLLM) from --base-url alone, no key', async () => {
    const dir = await workspace({});
    const url = await serve('openai', [done('Hi from a local model.')]);
    const r = await quiver(dir, ['Say hi', '--model', 'llama3', '--base-url', url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Hi from a local model.');
    expect(provider!.requests[0].body.model).toBe('llama3');
  });
});

describe('quiver run: failures are clear messages', () => {
  it('a missing API key: exit 2, names the variable, no stack trace, no request', async () => {
    const dir = await workspace({});
    const url = await serve('anthropic', [done('x')]);
    const r = await quiver(dir, ['Go', ...anthropicArgs(url)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('No API key for anthropic: the environment variable ANTHROPIC_API_KEY is not set.');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(provider!.requests).toHaveLength(0);
  });

  it('no model configured: exit 2 with what to add', async () => {
    const r = await quiver(await workspace({}), ['Go']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('quiver run needs a model');
  });

  it('an unreachable endpoint: exit 1, says so', async () => {
    const url = await serve('anthropic', []);
    await provider!.close();
    const r = await quiver(await workspace({}), ['Go', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'k' });
    provider = undefined;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Could not reach anthropic at ${url}/messages (ECONNREFUSED)`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a provider 500: exit 1 with the provider message', async () => {
    const url = await serve('anthropic', [{ status: 500, error: 'Internal meltdown' }]);
    const r = await quiver(await workspace({}), ['Go', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'k' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('returned HTTP 500');
    expect(r.stderr).toContain('Internal meltdown');
    expect(r.stderr).toContain('[QUIVER_ERR_PROVIDER_FAILED]');
  });
});

describe('quiver run: approvals, hooks, Ctrl-C', () => {
  it('without --yes and without a terminal an edit is refused with how to allow it; with --yes it runs', async () => {
    const replies = byTurn(call('write_to_file', { path: 'out.txt', content: 'hi' }), done('Tried.'));
    const dir = await workspace({});
    const url = await serve('anthropic', replies);
    const denied = await quiver(dir, ['Write out.txt', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'k' });
    expect(denied.code).toBe(0);
    expect(denied.stderr).toContain('failed: write_to_file needs approval');
    expect(JSON.stringify(provider!.requests[1].body.messages)).toContain('Re-run with --yes');
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
    const approved = await quiver(dir, ['Write out.txt', ...anthropicArgs(url), '--yes'], { ANTHROPIC_API_KEY: 'k' });
    expect(approved.code).toBe(0);
    expect(await readFile(join(dir, 'out.txt'), 'utf8')).toBe('hi');
  });

  it('config command hooks fire: TaskStart, UserPromptSubmit, TaskComplete', async () => {
    const dir = await workspace({});
    const hook = join(dir, 'log-hook.sh');
    await writeFile(
      hook,
      `#!/bin/sh\nnode -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>require("fs").appendFileSync(${JSON.stringify(join(dir, 'hooks.log'))}, JSON.parse(s).hook_event_name+"\\n"))'\n`,
    );
    await chmod(hook, 0o755);
    const url = await serve('anthropic', [done('Done.')]);
    const hooks = Object.fromEntries(['TaskStart', 'UserPromptSubmit', 'TaskComplete'].map((e) => [e, [{ hooks: [{ command: hook }] }]]));
    await writeFile(join(dir, 'quiver.config.json'), JSON.stringify({ hooks }));
    const r = await quiver(dir, ['Go', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'k' });
    expect(r.code).toBe(0);
    expect((await readFile(join(dir, 'hooks.log'), 'utf8')).trim().split('\n')).toEqual(['TaskStart', 'UserPromptSubmit', 'TaskComplete']);
  });

  it('Ctrl-C aborts the task and kills the running command: exit 130', async () => {
    const dir = await workspace({});
    // A unique sleep found by its command line: inside the sandbox, $$ is a PID-namespace pid.
    const marker = `30.${process.pid}${Math.floor(Math.random() * 1e6)}`;
    const url = await serve('anthropic', [
      call('execute_command', { command: `echo started > started.txt; exec sleep ${marker}`, requires_approval: false }),
      done('x'),
    ]);
    const startedFile = join(dir, 'started.txt');
    const r = await quiver(dir, ['Sleep', ...anthropicArgs(url), '--yes'], { ANTHROPIC_API_KEY: 'k' }, (child) => {
      const poll = setInterval(() => {
        if (existsSync(startedFile) && processesWith(marker).length > 0) {
          clearInterval(poll);
          setTimeout(() => child.kill('SIGINT'), 100);
        }
      }, 20);
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('The task was aborted.');
    expect(processesWith(marker)).toEqual([]);
  });
});

describe('quiver run: retries, exit codes, sessions', () => {
  it("shows each retry with the provider's reason and the wait; piped output carries no escape codes", async () => {
    const dir = await workspace({});
    const url = await serve('anthropic', [
      { status: 503, error: 'Overloaded', headers: { 'retry-after': '0' } },
      call('execute_command', { command: 'exit 3', requires_approval: false }),
      done('ok'),
    ]);
    const r = await quiver(
      dir,
      ['Go', '--provider', 'anthropic', '--model', 'claude-test', '--base-url', url, '--max-retries', '1', '--yes'],
      { ANTHROPIC_API_KEY: 'k' },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('quiver: [retry] HTTP 503: Overloaded; retrying in 0.0s (1 of 1)');
    expect(r.stderr).toContain('quiver:   Command failed with exit code 3.');
    expect(r.stderr + r.stdout).not.toContain('\x1b');
  });

  it('after a provider failure the conversation is saved, and --resume continues it', async () => {
    const dir = await workspace({ 'a.txt': 'alpha\n' });
    const url = await serve('anthropic', [call('read_file', { path: 'a.txt' }), { status: 500, error: 'down' }]);
    const failed = await quiver(dir, ['Read a.txt', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'k' });
    expect(failed.code).toBe(1);
    const id = /quiver run --resume (\S+)/.exec(failed.stderr)?.[1];
    expect(id).toBeDefined();
    expect(existsSync(join(dir, '.quiver', 'sessions', `${id}.jsonl`))).toBe(true);
    await provider!.close();
    const url2 = await serve('anthropic', [done('a.txt says alpha.')]);
    const resumed = await quiver(dir, ['--resume', id!, ...anthropicArgs(url2), '--json'], { ANTHROPIC_API_KEY: 'k' });
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'completed', result: 'a.txt says alpha.', session: id });
    const sent = JSON.stringify(provider!.requests[0].body.messages);
    expect(sent).toContain('1 | alpha');
    expect(sent).toContain('[TASK RESUMPTION]');
  });

  it('after a crash (SIGKILL mid-turn) --resume continues from what was saved', async () => {
    const dir = await workspace({ 'a.txt': 'alpha\n' });
    const url = await serve('anthropic', [call('read_file', { path: 'a.txt' }), { ...done('never'), delayMs: 20_000 }]);
    const crashed = await quiver(dir, ['Read a.txt', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'k' }, (child) => {
      const poll = setInterval(() => {
        if (provider!.requests.length >= 2) {
          clearInterval(poll);
          child.kill('SIGKILL');
        }
      }, 20);
    });
    expect(crashed.code).toBe(null);
    await provider!.close();
    const url2 = await serve('anthropic', [done('Recovered.')]);
    const resumed = await quiver(dir, ['--resume', 'be brief', ...anthropicArgs(url2)], { ANTHROPIC_API_KEY: 'k' });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('Recovered.');
    const sent = JSON.stringify(provider!.requests[0].body.messages);
    expect(sent).toContain('1 | alpha');
    expect(sent).toContain('be brief');
  });

  it('--no-session and model.saveSessions: false save nothing, and no resume is offered', async () => {
    for (const [args, config] of [
      [['--no-session'], undefined],
      [[], { model: { provider: 'anthropic', model: 'claude-test', saveSessions: false } }],
    ] as const) {
      const dir = await workspace({ 'a.txt': 'alpha\n' }, config);
      const url = await serve('anthropic', [call('read_file', { path: 'a.txt' }), { status: 500, error: 'down' }]);
      const failed = await quiver(dir, ['Read a.txt', ...anthropicArgs(url), ...args], { ANTHROPIC_API_KEY: 'k' });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('down');
      expect(failed.stderr).not.toContain('--resume');
      expect(existsSync(join(dir, '.quiver', 'sessions'))).toBe(false);
      await provider!.close();
      const again = await quiver(dir, ['--resume', '--provider', 'anthropic', '--model', 'm'], { ANTHROPIC_API_KEY: 'k' });
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('There is no session to resume');
    }
  });

  it('--resume with nothing saved says how to start', async () => {
    const dir = await workspace({});
    const r = await quiver(dir, ['--resume', '--provider', 'anthropic', '--model', 'm'], { ANTHROPIC_API_KEY: 'k' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('There is no session to resume');
  });
});

describe('quiver run: subagents', () => {
  it('use_subagents runs subtasks on the same model, in parallel', async () => {
    const url = await serve('anthropic', (r) => {
      const messages = r.body.messages as { content: unknown }[];
      const first = JSON.stringify(messages[0].content);
      if (first.includes('Investigate'))
        return messages.length === 1 ? call('use_subagents', { prompts: ['read a.txt', 'read b.txt'] }) : done('Both read.');
      return messages.length === 1
        ? { ...call('read_file', { path: first.includes('a.txt') ? 'a.txt' : 'b.txt' }), delayMs: 100 }
        : done(`sub ${first.includes('a.txt') ? 'a' : 'b'} done`);
    });
    const dir = await workspace({ 'a.txt': 'A', 'b.txt': 'B' }, { plugins: ['@quiver/tool-read-file', '@quiver/tool-use-subagents'] });
    const r = await quiver(dir, ['Investigate', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'k' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Both read.');
    const toolResult = JSON.stringify(provider!.requests.at(-1)!.body.messages);
    expect(toolResult).toContain('Total: 2');
    expect(toolResult).toContain('sub a done');
    expect(toolResult).toContain('sub b done');
    // In parallel: both subagents' first turns reached the provider before either's second.
    expect(provider!.requests.slice(1, 3).map((q) => (q.body.messages as unknown[]).length)).toEqual([1, 1]);
  });

  it('web_search without a provider key and use_skill without skills are not offered; with them both are, and the skills are listed', async () => {
    const plugins = { plugins: ['@quiver/tool-read-file', '@quiver/tool-web-search', '@quiver/tool-use-skill'] };
    const home = await workspace({});
    const toolsOf = (q: ScriptedRequest) => (q.body.tools as { name: string }[]).map((t) => t.name).sort();
    const systemOf = (q: ScriptedRequest) => JSON.stringify(q.body.system);

    let url = await serve('anthropic', [done('ok')]);
    const bare = await workspace({}, plugins);
    let r = await quiver(bare, ['Go', ...anthropicArgs(url)], {
      ANTHROPIC_API_KEY: 'k',
      HOME: home,
      BRAVE_SEARCH_API_KEY: undefined,
      TAVILY_API_KEY: undefined,
    });
    expect(r.code).toBe(0);
    expect(toolsOf(provider!.requests[0])).toEqual(['attempt_completion', 'read_file']);
    expect(systemOf(provider!.requests[0])).not.toContain('SKILLS');
    await provider!.close();

    url = await serve('anthropic', [done('ok')]);
    const equipped = await workspace(
      { '.quiver/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Ship a release to production\n---\nRun make deploy.\n' },
      plugins,
    );
    r = await quiver(equipped, ['Go', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'k', HOME: home, BRAVE_SEARCH_API_KEY: 'brave-key' });
    expect(r.code).toBe(0);
    expect(toolsOf(provider!.requests[0])).toEqual(['attempt_completion', 'read_file', 'use_skill', 'web_search']);
    expect(systemOf(provider!.requests[0])).toContain('\\"deploy\\": Ship a release to production');
  });

  it('.quiver/agents configs become use_subagent_<slug> tools, offered instead of use_subagents', async () => {
    const url = await serve('anthropic', [done('ok')]);
    const dir = await workspace(
      { '.quiver/agents/reviewer.yaml': '---\nname: Code Reviewer\ndescription: Reviews changes\ntools: read_file\n---\nYou review.\n' },
      { plugins: ['@quiver/tool-read-file', '@quiver/tool-use-subagents'] },
    );
    const r = await quiver(dir, ['Go', ...anthropicArgs(url)], { ANTHROPIC_API_KEY: 'k' });
    expect(r.code).toBe(0);
    const tools = (provider!.requests[0].body.tools as { name: string; description: string }[]).map((t) => t.name).sort();
    expect(tools).toEqual(['attempt_completion', 'read_file', 'use_subagent_code_reviewer']);
  });
});
