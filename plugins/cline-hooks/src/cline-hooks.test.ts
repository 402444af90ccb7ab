// The hook folder with real scripts: `.clinerules/hooks/<HookName>` executables run through
// the real pipeline and hook bus, with Cline's stdin/stdout JSON, time limits and failure rules.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES } from '@quiver/core';
import { createTestHarness, processesWith, type TestHarness } from '@quiver/testing';
import readFileTool from '@quiver/tool-read-file';
import { afterEach, describe, expect, it } from 'vitest';
import clineHooks, { type ClineHooksOptions } from './index.js';

let h: TestHarness | undefined;
const extra: string[] = [];
afterEach(async () => {
  await h?.dispose();
  h = undefined;
  await Promise.all(extra.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function setup(options: ClineHooksOptions = {}, files: Record<string, string> = {}) {
  h = await createTestHarness({
    plugins: [readFileTool, { plugin: clineHooks, options: { globalDir: false, ...options } }],
    files: { 'a.txt': 'alpha', ...files },
  });
  return h;
}

/** Write an executable hook script into a folder (default: the workspace's .clinerules/hooks). */
async function hook(name: string, body: string, dir = join(h!.root, '.clinerules/hooks')): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

/** True once no process has `marker` in its command line (a killed child may take a moment to be reaped). */
async function gone(marker: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (processesWith(marker).length === 0) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** A script body that saves its stdin to a file, then prints `answer`. */
const recordTo = (file: string, answer = '') => `cat > '${file}'\n${answer ? `printf '%s' '${answer}'` : ''}`;

describe('PreToolUse', () => {
  it('gets the camelCase input and may add context', async () => {
    await setup();
    // Scripts run in the sandbox (workspace writable, /tmp private): they record into the workspace.
    const seen = join(h!.root, 'pre.json');
    await hook('PreToolUse', recordTo(seen, '{"cancel":false,"contextModification":"NOTE: a.txt is generated"}'));
    const result = await h!.call('read_file', { path: 'a.txt', start_line: 1 });
    expect(h!.text(result)).toContain('1 | alpha');
    expect(h!.text(result)).toContain('<hook_context source="PreToolUse" type="note">\na.txt is generated\n</hook_context>');
    const input = JSON.parse(await readFile(seen, 'utf8'));
    expect(input).toMatchObject({
      clineVersion: expect.any(String),
      hookName: 'PreToolUse',
      timestamp: expect.stringMatching(/^\d+$/),
      taskId: h!.task.id,
      workspaceRoots: [h!.root],
      model: { provider: 'unknown', slug: 'unknown' },
      preToolUse: { toolName: 'read_file', parameters: { path: 'a.txt', start_line: '1' } },
    });
  });

  it('cancel: the call is denied with the script message, and nothing is read', async () => {
    await setup();
    await hook('PreToolUse', `cat >/dev/null\necho '{"cancel":true,"errorMessage":"a.txt is off limits"}'`);
    const result = await h!.call('read_file', { path: 'a.txt' });
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.HOOK_BLOCKED });
    expect(h!.text(result)).toContain('a.txt is off limits');
    expect(h!.text(result)).not.toContain('alpha');
  });

  it('a script that hangs is killed at the time limit and blocks the call (Quiver fails closed)', async () => {
    await setup({ timeoutMs: 600 });
    // Found by command line: inside the sandbox's PID namespace `$$` is not the host's pid.
    const marker = `${60 + Math.floor(Math.random() * 1000)}.${process.pid}`;
    await hook('PreToolUse', `exec sleep ${marker}`);
    const result = await h!.call('read_file', { path: 'a.txt' });
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.HOOK_BLOCKED });
    expect(h!.text(result)).toContain('did not finish within 0.6 s and was killed');
    expect(await gone(marker)).toBe(true);
  });

  it('output that is not valid hook JSON blocks the call (never a silent allow); with onError: allow it is reported', async () => {
    await setup();
    await hook('PreToolUse', `cat >/dev/null\necho '{"cancel": "maybe"'`);
    const blocked = await h!.call('read_file', { path: 'a.txt' });
    expect(blocked).toMatchObject({ isError: true });
    expect(h!.text(blocked)).toContain('not valid hook JSON');
    expect(h!.text(blocked)).not.toContain('alpha');
    await h!.dispose();
    await setup({ onError: 'allow' });
    await hook('PreToolUse', `cat >/dev/null\necho looks fine`);
    expect(h!.text(await h!.call('read_file', { path: 'a.txt' }))).toContain('1 | alpha');
    expect(h!.said).toContainEqual(expect.objectContaining({ type: 'hook_error', text: expect.stringContaining('not valid hook JSON') }));
  });

  it('onError: allow lets the call through when the script fails', async () => {
    await setup({ onError: 'allow' });
    await hook('PreToolUse', 'echo broken >&2\nexit 1');
    const result = await h!.call('read_file', { path: 'a.txt' });
    expect(h!.text(result)).toContain('1 | alpha');
    expect(h!.said).toContainEqual(
      expect.objectContaining({ type: 'hook_error', text: expect.stringContaining('exited with code 1: broken') }),
    );
  });

  it('exit ≠ 0 with valid JSON: the JSON counts', async () => {
    await setup();
    await hook('PreToolUse', `cat >/dev/null\necho '{"cancel":true,"errorMessage":"denied by policy"}'\nexit 3`);
    expect(h!.text(await h!.call('read_file', { path: 'a.txt' }))).toContain('denied by policy');
  });
});

describe('PostToolUse and the others', () => {
  it('PostToolUse gets the result; a failing script fails open', async () => {
    await setup();
    const seen = join(h!.root, 'post.json');
    await hook('PostToolUse', `cat > '${seen}'\necho 'not json' \nexit 1`);
    const result = await h!.call('read_file', { path: 'a.txt' });
    expect(result.isError).toBe(false);
    expect(JSON.parse(await readFile(seen, 'utf8')).postToolUse).toMatchObject({
      toolName: 'read_file',
      parameters: { path: 'a.txt' },
      result: expect.stringContaining('1 | alpha'),
      success: true,
      executionTimeMs: expect.any(Number),
    });
    expect(h!.said).toContainEqual(expect.objectContaining({ type: 'hook_error' }));
  });

  it('PostToolUse cancel ends the task; context reaches the model', async () => {
    await setup();
    await hook(
      'PostToolUse',
      `cat >/dev/null\necho 'log line'\necho '{"cancel":true,"errorMessage":"stop now","contextModification":"seen"}'`,
    );
    const result = await h!.call('read_file', { path: 'a.txt' });
    expect(h!.text(result)).toContain('<hook_context source="PostToolUse" type="general">\nseen\n</hook_context>');
    expect(h!.task.state.abort).toBe(true);
  });

  it('TaskStart, UserPromptSubmit and TaskComplete scripts get their event objects; cancel and context map over', async () => {
    await setup();
    const dir = h!.root;
    await hook('TaskStart', recordTo(join(dir, 'start.json'), '{"contextModification":"RULES: be brief"}'));
    await hook('UserPromptSubmit', recordTo(join(dir, 'prompt.json'), '{"cancel":true,"errorMessage":"no secrets"}'));
    await hook('TaskComplete', recordTo(join(dir, 'complete.json')));
    const { hooks } = h!.runtime.host;
    const base = { taskId: 't1', cwd: h!.root };
    expect((await hooks.callSeries('TaskStart', { ...base, hook: 'TaskStart', task: 'Fix it' })).results).toEqual([
      { additionalContext: 'RULES: be brief' },
    ]);
    const submitted = await hooks.callWaterfall('UserPromptSubmit', { ...base, prompt: 'key=sk-1' }, (event) => ({ event }));
    expect(submitted.results).toEqual([{ cancel: true, reason: 'no secrets' }]);
    await hooks.callSeries('TaskComplete', { ...base, hook: 'TaskComplete', task: 'Fix it', result: 'Fixed.' });
    const read = async (f: string) => JSON.parse(await readFile(join(dir, f), 'utf8'));
    expect((await read('start.json')).taskStart).toEqual({ taskMetadata: { taskId: 't1', ulid: 't1', initialTask: 'Fix it' } });
    expect((await read('prompt.json')).userPromptSubmit).toEqual({ prompt: 'key=sk-1', attachments: [] });
    expect((await read('complete.json')).taskComplete).toEqual({
      taskMetadata: { taskId: 't1', ulid: 't1', initialTask: 'Fix it', result: 'Fixed.' },
    });
  });

  it('scripts of several folders run together: cancel if any, contexts joined', async () => {
    const more = await mkdtemp(join(tmpdir(), 'quiver-hooks-extra-'));
    extra.push(more);
    await setup({ dirs: [more] });
    await hook('TaskStart', `cat >/dev/null\necho '{"contextModification":"from workspace"}'`);
    await hook('TaskStart', `cat >/dev/null\necho '{"cancel":true,"contextModification":"from extra","errorMessage":"halt"}'`, more);
    const outcome = await h!.runtime.host.hooks.callSeries('TaskStart', { taskId: 't', cwd: h!.root, hook: 'TaskStart' });
    expect(outcome.results).toEqual([{ cancel: true, reason: 'halt', additionalContext: 'from workspace\n\nfrom extra' }]);
  });

  it('no scripts: nothing runs, nothing changes', async () => {
    await setup();
    const text = h!.text(await h!.call('read_file', { path: 'a.txt' }));
    expect(text).toContain('1 | alpha');
    expect(text).not.toContain('hook_context');
    expect(h!.said.filter((s) => s.type === 'hook_error')).toEqual([]);
    expect(existsSync(join(h!.root, '.clinerules'))).toBe(false);
  });
});

describe('start-up', () => {
  it('a hook file that is not executable is a config error naming it', async () => {
    await expect(setup({}, { '.clinerules/hooks/PreToolUse': '#!/bin/sh\nexit 0\n' })).rejects.toMatchObject({
      code: ERROR_CODES.HOOK_SCRIPT,
      message: expect.stringContaining('is not executable'),
    });
  });

  it('a bad or unknown option in a config file is a config error naming the file, the plugin and the key', async () => {
    const pkgDir = join(import.meta.dirname, '..');
    const { createRuntime } = await import('@quiver/runtime');
    const ui = { say: () => {}, ask: async () => ({ response: 'yes' as const }), approve: async () => ({ approved: true }) };
    for (const [options, key] of [
      [{ timeoutMs: -5 }, 'plugins.0.options.timeoutMs'],
      [{ onError: 'maybe' }, 'plugins.0.options.onError'],
      [{ timeout: 5 }, 'plugins.0.options.timeout'],
    ] as const) {
      const root = await mkdtemp(join(tmpdir(), 'quiver-hooks-opts-'));
      extra.push(root);
      const file = join(root, 'quiver.config.json');
      await writeFile(file, JSON.stringify({ plugins: [{ name: pkgDir, options: { globalDir: false, ...options } }] }));
      await expect(createRuntime({ cwd: root, configFile: file, ui })).rejects.toMatchObject({
        code: ERROR_CODES.CONFIG_INVALID,
        file,
        plugin: '@quiver/plugin-cline-hooks',
        key,
      });
    }
  });

  it('loads from a config as a tool-less package, eagerly', async () => {
    const pkgDir = join(import.meta.dirname, '..');
    const { createRuntime } = await import('@quiver/runtime');
    const root = await mkdtemp(join(tmpdir(), 'quiver-hooks-pkg-'));
    extra.push(root);
    await mkdir(join(root, '.clinerules/hooks'), { recursive: true });
    await writeFile(
      join(root, '.clinerules/hooks/TaskStart'),
      '#!/bin/sh\ncat >/dev/null\necho \'{"contextModification":"hello from the folder"}\'\n',
    );
    await chmod(join(root, '.clinerules/hooks/TaskStart'), 0o755);
    const ui = { say: () => {}, ask: async () => ({ response: 'yes' as const }), approve: async () => ({ approved: true }) };
    const runtime = await createRuntime({ cwd: root, config: { plugins: [{ name: pkgDir, options: { globalDir: false } }] }, ui });
    try {
      expect(runtime.tools()).toEqual([]);
      const outcome = await runtime.host.hooks.callSeries('TaskStart', { taskId: 't', cwd: root, hook: 'TaskStart' });
      expect(outcome.results).toEqual([{ additionalContext: 'hello from the folder' }]);
    } finally {
      await runtime.dispose();
    }
  });
});
