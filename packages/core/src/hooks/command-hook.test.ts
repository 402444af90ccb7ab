// External command hooks through the real pipeline: real scripts in a temp folder, real
// processes, Claude Code's JSON protocol (SPEC Part A "Hooks", ANCHORS §1).
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePlugin, defineTool, ERROR_CODES, resultText, type HookName } from '../index.js';
import { createHost, registerCommandHooks, type CommandHookGroup, type Host } from '../host.js';
import { compileMatcher } from './command-hook.js';

let dir: string;
let host: Host;
let ran: Record<string, unknown>[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-core-hooks-'));
  ran = [];
  host = createHost({
    ui: { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) },
    approval: { yolo: true },
  });
  const tools = ['write_to_file', 'read_file'].map((name) =>
    defineTool({
      name,
      description: `Fake ${name}.`,
      params: z.object({ path: z.string() }),
      approval: 'none',
      async execute(_config, params) {
        ran.push({ tool: name, ...params });
        return `${name} ${params.path}`;
      },
    }),
  );
  host.registry.addPlugin(definePlugin({ name: 'quiver-tool-fakes', tools }));
});
afterEach(async () => {
  await host.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** Write an executable sh script into the temp folder; returns its path. */
async function script(name: string, body: string, mode = 0o755): Promise<string> {
  const file = join(dir, name);
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, mode);
  return file;
}

function register(hooks: Partial<Record<HookName, CommandHookGroup[]>>, where: { cwd?: string; configDir?: string } = {}) {
  return registerCommandHooks(host.hooks, hooks, {
    cwd: where.cwd ?? dir,
    configDir: where.configDir ?? dir,
    configFile: join(dir, 'quiver.config.json'),
  });
}

const call = (tool = 'write_to_file', path = 'a.txt') => host.createTask({ cwd: dir }).call(tool, { path });

describe('the wire protocol', () => {
  it('sends the event as JSON on stdin, in the project folder', async () => {
    const out = join(dir, 'stdin.json');
    register({
      PreToolUse: [
        { hooks: [{ command: await script('log.sh', `cat > '${out}'; pwd >> '${out}.pwd'; echo "$CLAUDE_PROJECT_DIR" >> '${out}.pwd'`) }] },
      ],
    });
    await call('write_to_file', 'x.txt');
    expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'write_to_file',
      tool_input: { path: 'x.txt' },
      cwd: dir,
      session_id: expect.any(String),
    });
    expect((await readFile(`${out}.pwd`, 'utf8')).trim().split('\n')).toEqual([dir, dir]);
  });

  it.each([
    {
      what: 'exit 2 blocks with stderr as the reason',
      body: "echo 'no writes on Fridays' >&2; exit 2",
      blocked: true,
      says: 'no writes on Fridays',
    },
    {
      what: 'permissionDecision deny blocks',
      body: `echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"policy"}}'`,
      blocked: true,
      says: 'policy',
    },
    { what: 'continue: false blocks', body: `echo '{"continue":false,"stopReason":"stop"}'`, blocked: true, says: 'stop' },
    { what: 'legacy decision: block blocks', body: `echo '{"decision":"block","reason":"legacy"}'`, blocked: true, says: 'legacy' },
    {
      what: 'permissionDecision allow runs the tool',
      body: `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'`,
      blocked: false,
      says: 'write_to_file a.txt',
    },
    { what: 'exit 0 without output runs the tool', body: 'exit 0', blocked: false, says: 'write_to_file a.txt' },
  ])('PreToolUse: $what', async ({ body, blocked, says }) => {
    register({ PreToolUse: [{ hooks: [{ command: await script('pre.sh', body) }] }] });
    const result = await call();
    expect(result.isError).toBe(blocked);
    if (blocked) expect(result.code).toBe(ERROR_CODES.HOOK_BLOCKED);
    expect(resultText(result)).toContain(says);
    expect(ran.length).toBe(blocked ? 0 : 1);
  });

  it('PreToolUse: updatedInput and additionalContext', async () => {
    const json = JSON.stringify({
      hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { path: 'b.txt' }, additionalContext: 'rewritten by policy' },
    });
    register({ PreToolUse: [{ hooks: [{ command: await script('rewrite.sh', `echo '${json}'`) }] }] });
    const result = await call();
    expect(ran).toEqual([{ tool: 'write_to_file', path: 'b.txt' }]);
    expect(resultText(result)).toContain('rewritten by policy');
  });

  it('PostToolUse: exit 2 feeds stderr back to the model; the result stands', async () => {
    register({ PostToolUse: [{ hooks: [{ command: await script('post.sh', "echo 'lint: 3 warnings' >&2; exit 2") }] }] });
    const result = await call();
    expect(result.isError).toBe(false);
    expect(resultText(result)).toContain('write_to_file a.txt');
    expect(resultText(result)).toContain('lint: 3 warnings');
  });
});

describe('matchers', () => {
  it.each([
    { matcher: undefined, fires: ['write_to_file', 'read_file'] },
    { matcher: '*', fires: ['write_to_file', 'read_file'] },
    { matcher: 'write_to_file|replace_in_file', fires: ['write_to_file'] },
    { matcher: 'read_.*', fires: ['read_file'] },
    { matcher: 'write', fires: [] },
  ])('$matcher fires for $fires', async ({ matcher, fires }) => {
    register({ PreToolUse: [{ matcher, hooks: [{ command: await script('deny.sh', 'exit 2') }] }] });
    const blocked: string[] = [];
    for (const tool of ['write_to_file', 'read_file']) if ((await call(tool)).isError) blocked.push(tool);
    expect(blocked).toEqual(fires);
    expect(compileMatcher(matcher)('write_to_file')).toBe(fires.includes('write_to_file'));
  });
});

describe('failures', () => {
  it.each([
    { what: 'a non-zero exit', body: 'exit 1', timeout: undefined },
    { what: 'a time-out', body: 'sleep 5', timeout: 0.2 },
  ])('$what blocks PreToolUse by default, and not with onError: allow', async ({ body, timeout }) => {
    const command = await script('fail.sh', body);
    const off = register({ PreToolUse: [{ hooks: [{ command, timeout }] }] });
    expect(await call()).toMatchObject({ isError: true, code: ERROR_CODES.HOOK_BLOCKED });
    off();
    register({ PreToolUse: [{ hooks: [{ command, timeout, onError: 'allow' }] }] });
    expect((await call()).isError).toBe(false);
    expect(ran).toHaveLength(1);
  });

  it('a failing PostToolUse hook leaves the result alone', async () => {
    register({ PostToolUse: [{ hooks: [{ command: await script('fail.sh', 'exit 1') }] }] });
    expect(resultText(await call())).toBe('write_to_file a.txt');
  });
});

describe('start-up checks', () => {
  it.each([
    { what: 'a missing script', make: async () => join(dir, 'nope.sh'), says: 'does not exist' },
    { what: 'a script that is not executable', make: () => script('plain.sh', 'exit 0', 0o644), says: 'not executable' },
    { what: 'a command not on PATH', make: async () => 'quiver-no-such-command-xyz --flag', says: 'not on PATH' },
  ])('$what is QUIVER_ERR_HOOK_SCRIPT naming the file and key', async ({ make, says }) => {
    const command = await make();
    expect(() => register({ PostToolUse: [{ hooks: [{ command: 'true' }] }], PreToolUse: [{ hooks: [{ command }] }] })).toThrow(
      expect.objectContaining({
        code: ERROR_CODES.HOOK_SCRIPT,
        key: 'hooks.PreToolUse[0].hooks[0].command',
        file: join(dir, 'quiver.config.json'),
        message: expect.stringContaining(says),
      }),
    );
  });

  it('an invalid matcher is a config error naming the key', async () => {
    expect(() => register({ PreToolUse: [{ matcher: 'read_(', hooks: [{ command: 'true' }] }] })).toThrow(
      expect.objectContaining({ code: ERROR_CODES.CONFIG_INVALID, key: 'hooks.PreToolUse[0].matcher' }),
    );
  });

  it('a relative script is found from the config folder, whatever the working folder', async () => {
    const configDir = join(dir, 'project');
    const cwd = join(dir, 'project', 'packages', 'app');
    await mkdir(cwd, { recursive: true });
    await script('project/hooks/deny.sh', "echo 'denied by project hook' >&2; exit 2");
    register({ PreToolUse: [{ hooks: [{ command: './hooks/deny.sh --strict' }] }] }, { cwd, configDir });
    expect(resultText(await call())).toContain('denied by project hook');
  });

  it('"$CLAUDE_PROJECT_DIR"/… and $QUIVER_PROJECT_DIR/… scripts (Claude Code’s usual form) are found', async () => {
    await script('.claude/hooks/deny.sh', "echo 'claude-style hook' >&2; exit 2");
    register({
      PreToolUse: [
        { hooks: [{ command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/deny.sh' }, { command: '${QUIVER_PROJECT_DIR}/.claude/hooks/deny.sh' }] },
      ],
    });
    expect(resultText(await call())).toContain('claude-style hook');
  });
});
