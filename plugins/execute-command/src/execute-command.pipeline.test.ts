import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestHarnessOptions } from '@quiver/testing';
import plugin from './index.js';
import { LONG_RUNNING_NOTICE, MODEL_REQUESTED_APPROVAL } from './execute-command.js';
import { isProcessAlive } from './process-table.js';

// execute_command through the real pipeline: parameter validation, command permissions
// (R1–R9), the ignore screen (I1–I5), approval with escalation, then execute().

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

async function harness(options: Partial<TestHarnessOptions> = {}): Promise<TestHarness> {
  h = await createTestHarness({ plugins: [{ plugin, options: { killGraceMs: 200 } }], ...options });
  return h;
}

describe('execute_command through the pipeline', () => {
  it('runs a safe command without asking, and clears the read cache', async () => {
    const t = await harness();
    t.readCache.set(t.path('a.txt'), { readCount: 1, mtimeMs: 1 });
    const r = await t.call('execute_command', { command: 'echo hello', requires_approval: false });
    expect(t.text(r)).toBe('Command executed successfully (exit code 0).\nOutput:\nhello');
    expect(t.approvals).toHaveLength(0);
    expect(t.readCache.size).toBe(0);
  });

  it('never runs a command the permissions deny', async () => {
    const t = await harness({ config: { commandPermissions: { allow: ['echo *'] } } });
    for (const command of ['touch marker', 'echo $(touch marker)', 'echo ok && touch marker']) {
      const r = await t.call('execute_command', { command, requires_approval: false });
      expect(r.isError).toBe(true);
      expect(r.code).toBe('QUIVER_ERR_COMMAND_DENIED');
    }
    expect(existsSync(t.path('marker'))).toBe(false);
    expect(t.approvals).toHaveLength(0);
  });

  it('never runs a command that names an ignored path', async () => {
    const t = await harness({ files: { '.quiverignore': 'secret.txt\n', 'secret.txt': 'top secret' } });
    const r = await t.call('execute_command', { command: 'cp secret.txt leak.txt', requires_approval: false });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_COMMAND_IGNORED');
    expect(existsSync(t.path('leak.txt'))).toBe(false);
  });

  it('asks for a destructive command the model calls safe, and runs nothing when refused', async () => {
    const t = await harness({ approve: false });
    await mkdir(t.path('build'));
    const r = await t.call('execute_command', { command: 'rm -rf build', requires_approval: false });
    expect(t.approvals).toHaveLength(1);
    expect(t.approvals[0].reason).toMatch(/destructive/i);
    expect(t.approvals[0].setting).toBe('approval.executeAllCommands');
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_APPROVAL_DENIED');
    expect(existsSync(t.path('build'))).toBe(true);
  });

  it('auto-approves a destructive command only at the "all commands" level', async () => {
    const t = await harness({ approve: false, config: { approval: { executeAllCommands: true } } });
    await mkdir(t.path('build'));
    const r = await t.call('execute_command', { command: 'rm -rf build', requires_approval: false });
    expect(t.approvals).toHaveLength(0);
    expect(r.isError).toBe(false);
    expect(existsSync(t.path('build'))).toBe(false);
  });

  it('asks when the model marks the command, runs it when approved', async () => {
    const t = await harness({ approve: true });
    const r = await t.call('execute_command', { command: 'echo yes', requires_approval: 'true' });
    expect(t.approvals).toHaveLength(1);
    expect(t.approvals[0].reason).toContain(MODEL_REQUESTED_APPROVAL);
    expect(t.approvals[0].command).toBe('echo yes');
    expect(t.text(r)).toBe('Command executed successfully (exit code 0).\nOutput:\nyes');
  });

  it('keeps the read cache when the user refuses', async () => {
    const t = await harness({ approve: false });
    t.readCache.set(t.path('a.txt'), { readCount: 1, mtimeMs: 1 });
    await t.call('execute_command', { command: 'echo hi', requires_approval: true });
    expect(t.readCache.size).toBe(1);
  });

  it.each([['TRUE'], [' True '], ['true']])('"%s" asks like true', async (value) => {
    const t = await harness({ approve: false });
    await t.call('execute_command', { command: 'touch marker', requires_approval: value });
    expect(t.approvals).toHaveLength(1);
    expect(t.approvals[0].reason).toContain(MODEL_REQUESTED_APPROVAL);
    expect(existsSync(t.path('marker'))).toBe(false);
  });

  it.each([['False'], ['false']])('"%s" runs a safe command unasked', async (value) => {
    const t = await harness();
    const r = await t.call('execute_command', { command: 'echo ok', requires_approval: value });
    expect(t.text(r)).toBe('Command executed successfully (exit code 0).\nOutput:\nok');
  });

  it.each([['yes'], ['1'], ['no'], ['tru'], [''], [1], [null]])(
    'requires_approval %j is a validation error, never a silent false',
    async (value) => {
      const t = await harness();
      const r = await t.call('execute_command', { command: 'touch marker', requires_approval: value });
      expect(r.isError).toBe(true);
      expect(['QUIVER_ERR_PARAM_INVALID', 'QUIVER_ERR_PARAM_MISSING']).toContain(r.code);
      expect(t.text(r)).toContain('requires_approval');
      expect(existsSync(t.path('marker'))).toBe(false);
    },
  );

  it('reports a missing requires_approval as a missing parameter', async () => {
    const t = await harness();
    const r = await t.call('execute_command', { command: 'touch marker' });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(existsSync(t.path('marker'))).toBe(false);
  });

  it('streams output to the host and notifies about a long auto-approved command', async () => {
    h = await createTestHarness({
      plugins: [{ plugin, options: { notifyAfterMs: 100 } }],
      config: { approval: { enableNotifications: true } },
    });
    const r = await h.call('execute_command', { command: 'echo one; sleep 0.5; echo two', requires_approval: false });
    expect(h.text(r)).toBe('Command executed successfully (exit code 0).\nOutput:\none\ntwo');
    expect(h.ui.notifications).toEqual([LONG_RUNNING_NOTICE]);
    expect(h.ui.outputs.map((o) => o.chunk).join('')).toBe('one\ntwo\n');
  });

  it('times out a command tree and leaves no process behind', async () => {
    // A script file, because the command screen (rightly) refuses loops it cannot analyse.
    const script = [
      'sleep 300 & echo $! >> pids',
      "setsid sh -c 'echo $$ >> pids; exec sleep 300' &",
      "nohup sh -c 'echo $$ >> pids; exec sleep 300' > /dev/null 2>&1 &",
      'while [ "$(wc -l < pids)" -lt 3 ]; do sleep 0.02; done',
      'echo ready',
      'sleep 300',
    ].join('\n');
    // Off: the pids the script records are the host's only without the sandbox's PID namespace
    // (the sandboxed version of this test is in execute-command.sandbox.test.ts).
    const t = await harness({ files: { 'tree.sh': script }, config: { sandbox: { mode: 'off' } } });
    const r = await t.call('execute_command', { command: 'sh tree.sh', requires_approval: false, timeout: 2 });
    expect(r.code).toBe('QUIVER_ERR_TOOL_TIMEOUT');
    expect(t.text(r)).toBe('Command timed out after 2 seconds and was terminated (process tree killed).\nOutput:\nready');
    const pids = (await readFile(t.path('pids'), 'utf8')).split('\n').filter(Boolean).map(Number);
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(await isProcessAlive(pid)).toBe(false);
  });

  it('runs @name:cmd in the named root of a multi-root workspace', async () => {
    const t = await harness({ extraRoots: ['web'] });
    const r = await t.call('execute_command', { command: '@web:pwd', requires_approval: false });
    expect(t.text(r)).toBe(`Command executed successfully (exit code 0).\nOutput:\n${t.roots.web}`);
  });

  it('refuses a hint naming no root before anything runs, and leaves a non-hint alone', async () => {
    const t = await harness({ extraRoots: ['web'] });
    const r = await t.call('execute_command', { command: '@nope:touch made', requires_approval: false });
    expect(r.code).toBe('QUIVER_ERR_WORKSPACE_HINT');
    expect(existsSync(t.path('made'))).toBe(false);
    // A name with a space is no hint: the command is run as written (and bash finds no such command).
    const plain = await t.call('execute_command', { command: '@no such:pwd', requires_approval: false });
    expect(t.text(plain)).toMatch(/exit code 127/);
  });
});
