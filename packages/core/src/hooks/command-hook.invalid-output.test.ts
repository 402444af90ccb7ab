// Command hooks whose stdout is not valid hook JSON: never a silent allow (issue 19, Must show 6).
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePlugin, defineTool, ERROR_CODES, resultText, type ApprovalRequest, type HookName } from '../index.js';
import { configSchema, createHost, registerCommandHooks, type CommandHookSpec, type Host } from '../host.js';

let dir: string;
let host: Host;
let ran: string[];
let asked: ApprovalRequest[];
let said: { type: string; text: string }[];
let answer: boolean;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-hook-invalid-'));
  ran = [];
  asked = [];
  said = [];
  answer = false;
  host = createHost({
    ui: {
      say: (type, text) => void said.push({ type, text }),
      ask: async () => ({ response: 'yes' }),
      approve: async (r) => (asked.push(r), { approved: answer }),
    },
    approval: { yolo: true },
  });
  const tool = defineTool({
    name: 'write_to_file',
    description: 'Fake.',
    params: z.object({ path: z.string() }),
    approval: 'none',
    execute: async (_c, p) => (ran.push(p.path), 'written'),
  });
  host.registry.addPlugin(definePlugin({ name: 'quiver-tool-fake', tools: [tool] }));
});
afterEach(async () => {
  await host.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function hook(event: HookName, body: string, extra: Partial<CommandHookSpec> = {}): Promise<void> {
  const file = join(dir, `${event}.sh`);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  registerCommandHooks(host.hooks, { [event]: [{ hooks: [{ command: file, ...extra }] }] }, { cwd: dir, configDir: dir });
}

const call = () => host.createTask({ cwd: dir }).call('write_to_file', { path: 'a.txt' });

const INVALID = [
  ['broken JSON', `echo '{"hookSpecificOutput": {'`],
  ['a decision that is no decision', `echo '{"hookSpecificOutput":{"permissionDecision":"maybe"}}'`],
  ['a known key of the wrong type', `echo '{"continue":"no"}'`],
  ['plain text', 'echo looks fine to me'],
  ['a JSON array', `echo '["deny"]'`],
];

describe('PreToolUse output that is not valid hook JSON', () => {
  it.each(INVALID)('%s: the call asks the user (saying why) instead of running unasked', async (_what, body) => {
    await hook('PreToolUse', body);
    const result = await call();
    expect(asked).toHaveLength(1);
    expect(asked[0].reason).toContain('not valid hook JSON');
    expect(result.isError).toBe(true);
    expect(ran).toEqual([]);
  });

  it('a yes to that question runs the call (a broken hook does not lock the user out)', async () => {
    await hook('PreToolUse', 'echo garbage');
    answer = true;
    expect((await call()).isError).toBe(false);
    expect(ran).toEqual(['a.txt']);
  });

  it.each(INVALID)('%s with failClosed: the call is blocked without asking', async (_what, body) => {
    await hook('PreToolUse', body, { failClosed: true });
    const result = await call();
    expect(result.code).toBe(ERROR_CODES.HOOK_BLOCKED);
    expect(resultText(result)).toContain('not valid hook JSON');
    expect(asked).toEqual([]);
    expect(ran).toEqual([]);
  });

  it('failClosed wins over onError: allow, for a failing hook too', async () => {
    await hook('PreToolUse', 'exit 3', { failClosed: true, onError: 'allow' });
    expect((await call()).code).toBe(ERROR_CODES.HOOK_BLOCKED);
    expect(ran).toEqual([]);
  });

  it('controls: valid JSON and empty output still work as before', async () => {
    await hook('PreToolUse', `echo '{"hookSpecificOutput":{"permissionDecision":"allow"},"suppressOutput":true}'`, { failClosed: true });
    expect((await call()).isError).toBe(false);
    await hook('PreToolUse', 'exit 0', { failClosed: true });
    expect((await call()).isError).toBe(false);
    expect(asked).toEqual([]);
  });
});

describe('other events', () => {
  it('a PostToolUse hook printing broken JSON is reported to the user; the result stands', async () => {
    await hook('PostToolUse', `echo '{"decision":'`);
    const result = await call();
    expect(resultText(result)).toContain('written');
    expect(said).toContainEqual(expect.objectContaining({ type: 'hook_error', text: expect.stringContaining('not valid hook JSON') }));
  });

  it('the config schema takes failClosed (a boolean only)', () => {
    const hooks = (failClosed: unknown) => ({ hooks: { PreToolUse: [{ hooks: [{ command: './x.sh', failClosed }] }] } });
    expect(configSchema.safeParse(hooks(true)).success).toBe(true);
    expect(configSchema.safeParse(hooks('yes')).success).toBe(false);
  });
});
