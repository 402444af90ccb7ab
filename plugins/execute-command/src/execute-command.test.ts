import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coreServices, createReadCache, resultText, toToolResult, type ServiceRef, type TaskConfig, type ToolResult } from '@quiver/core';
import { DEFAULT_APPROVAL_SETTINGS } from '@quiver/core/host';
import { LEFTOVERS_NOTE } from './format-command-result.js';
import { executeCommandTool, isApprovalRequested, LONG_RUNNING_NOTICE, MODEL_REQUESTED_APPROVAL } from './execute-command.js';

// These tests call the tool's own execute() and escalate() with a hand-built TaskConfig; the
// gates around them are covered through the real pipeline in execute-command.pipeline.test.ts.

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'quiver-exec-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Recorded {
  notes: string[];
  chunks: string[];
}

/** A task config with a classifier that calls anything containing `rm ` destructive. */
function makeConfig(overrides: Partial<TaskConfig> = {}, recorded: Recorded = { notes: [], chunks: [] }): TaskConfig {
  const classifier = {
    // Given the screened command (its one parse shared), as the tool passes it.
    classify: async (command: string | { text: string }) =>
      (typeof command === 'string' ? command : command.text).includes('rm ')
        ? { destructive: true, reasons: ['rm deletes files'] }
        : { destructive: false, reasons: [] },
  };
  const services = {
    get<T>(ref: ServiceRef<T>): T {
      if (ref.id === coreServices.commandClassifier.id) return classifier as T;
      throw new Error(`no ${ref.id}`);
    },
    find: () => undefined,
  };
  const ui = {
    say: () => {},
    ask: async () => ({ response: 'yes' as const }),
    approve: async () => ({ approved: true }),
    notify: (message: string) => void recorded.notes.push(message),
    output: (chunk: string, stream: string) => void recorded.chunks.push(`${stream}:${chunk}`),
  };
  return {
    taskId: 't',
    cwd: root,
    workspaceRoots: [{ name: 'main', path: root }],
    mode: 'act',
    yolo: false,
    isSubagentExecution: false,
    taskState: { didRejectTool: false, didAlreadyUseTool: false, abort: false, values: new Map() },
    messageState: { pendingContext: [] },
    readCache: createReadCache(),
    mistakes: { count: 0, limit: 3, limitReached: false, increment: () => 1, reset: () => {}, trip: () => {} },
    services,
    ui,
    executor: { call: async () => ({ content: [], isError: false }), names: () => [] },
    paths: {},
    approval: 'user',
    options: { killGraceMs: 200 },
    signal: new AbortController().signal,
    approvalSettings: DEFAULT_APPROVAL_SETTINGS,
    ...overrides,
  } as TaskConfig;
}

async function exec(config: TaskConfig, params: Record<string, unknown>): Promise<ToolResult> {
  return toToolResult(await executeCommandTool.execute(config, { name: 'execute_command', params, partial: false }));
}

describe('execute_command: declaration', () => {
  it('declares its gates', () => {
    expect(executeCommandTool.command).toBe('command');
    expect(executeCommandTool.approval.category).toBe('command');
    expect(executeCommandTool.annotations).toMatchObject({ destructive: true, openWorld: true });
    expect([...executeCommandTool.required].sort()).toEqual(['command', 'requires_approval']);
    expect(executeCommandTool.getDescription({ name: 'execute_command', params: { command: 'ls' }, partial: false })).toBe(
      "[execute_command for 'ls']",
    );
  });
});

describe('execute_command: results', () => {
  it('exit 0', async () => {
    const r = await exec(makeConfig(), { command: 'echo hi', requires_approval: false });
    expect(r.isError).toBe(false);
    expect(resultText(r)).toBe('Command executed successfully (exit code 0).\nOutput:\nhi');
  });

  it('a non-zero exit is a normal result carrying the code', async () => {
    const r = await exec(makeConfig(), { command: 'echo bad >&2; exit 7', requires_approval: 'false' });
    expect(r.isError).toBe(false);
    expect(resultText(r)).toBe('Command failed with exit code 7.\nOutput:\nbad');
  });

  it('a signal', async () => {
    const r = await exec(makeConfig(), { command: 'kill -KILL $$', requires_approval: false });
    expect(resultText(r)).toBe('Command terminated by signal SIGKILL.\nOutput:\n');
  });

  it('a timeout from the model ("1s") kills the command and keeps the output so far', async () => {
    const r = await exec(makeConfig(), { command: 'echo partial; sleep 30', requires_approval: false, timeout: '1s' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_TOOL_TIMEOUT', mistake: 'reset' });
    expect(resultText(r)).toBe('Command timed out after 1 second and was terminated (process tree killed).\nOutput:\npartial');
  });

  it('a cancel kills the command', async () => {
    const controller = new AbortController();
    const config = makeConfig({ signal: controller.signal, ui: { ...makeConfig().ui, output: () => controller.abort() } });
    const r = await exec(config, { command: 'echo go; sleep 30', requires_approval: false });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_TOOL_ABORTED' });
    expect(resultText(r)).toBe('Command was cancelled and terminated (process tree killed).\nOutput:\ngo');
  });

  it('streams output to the host as it arrives', async () => {
    const recorded: Recorded = { notes: [], chunks: [] };
    await exec(makeConfig({}, recorded), { command: 'echo a; echo b >&2', requires_approval: false });
    expect(recorded.chunks.join('')).toContain('stdout:a\n');
    expect(recorded.chunks).toContain('stderr:b\n');
  });

  it('kills background processes left running and says so', async () => {
    const r = await exec(makeConfig(), { command: 'sleep 300 & echo started', requires_approval: false });
    expect(resultText(r)).toBe(`Command executed successfully (exit code 0).\nOutput:\nstarted\n\n${LEFTOVERS_NOTE}`);
  });

  it('clears the read cache after a command ran, whatever its exit code', async () => {
    const config = makeConfig();
    config.readCache.set(join(root, 'a.txt'), { readCount: 1, mtimeMs: 1 });
    await exec(config, { command: 'exit 1', requires_approval: false });
    expect(config.readCache.size).toBe(0);
  });
});

describe('execute_command: the screened command', () => {
  // The pipeline splits a `@name:` hint off and says where the command runs (config.command);
  // the multi-root runs through the gates are in execute-command.pipeline.test.ts.
  it('runs the command the gates screened, where they said', async () => {
    const other = join(root, 'other');
    await mkdir(other, { recursive: true });
    const command = { input: '@other:pwd', text: 'pwd', cwd: other, root: { name: 'other', path: other } };
    const r = await exec(makeConfig({ command }), { command: '@other:pwd', requires_approval: false });
    expect(resultText(r)).toBe(`Command executed successfully (exit code 0).\nOutput:\n${other}`);
  });

  it('outside the pipeline, runs the parameter as written in the working directory', async () => {
    const r = await exec(makeConfig(), { command: '@main:pwd', requires_approval: false });
    expect(resultText(r)).toMatch(/^Command failed with exit code 127\./);
  });
});

describe('execute_command: notification', () => {
  const slow = { command: 'sleep 0.6', requires_approval: false };

  it('notifies once when an auto-approved command runs long', async () => {
    const recorded: Recorded = { notes: [], chunks: [] };
    await exec(makeConfig({ approval: 'auto', options: { enableNotifications: true, notifyAfterMs: 100 } }, recorded), slow);
    expect(recorded.notes).toEqual([LONG_RUNNING_NOTICE]);
  });

  it('follows the approval settings when the plugin option is unset', async () => {
    const recorded: Recorded = { notes: [], chunks: [] };
    const approvalSettings = { ...DEFAULT_APPROVAL_SETTINGS, enableNotifications: true };
    await exec(makeConfig({ approval: 'auto', approvalSettings, options: { notifyAfterMs: 100 } }, recorded), slow);
    expect(recorded.notes).toEqual([LONG_RUNNING_NOTICE]);
  });

  it('stays quiet when the user approved, notifications are off, or the command is quick', async () => {
    const recorded: Recorded = { notes: [], chunks: [] };
    await exec(makeConfig({ approval: 'user', options: { enableNotifications: true, notifyAfterMs: 100 } }, recorded), slow);
    await exec(makeConfig({ approval: 'auto', options: { notifyAfterMs: 100 } }, recorded), slow);
    await exec(
      makeConfig({ approval: 'auto', isSubagentExecution: true, options: { enableNotifications: true, notifyAfterMs: 100 } }, recorded),
      slow,
    );
    await exec(makeConfig({ approval: 'auto', options: { enableNotifications: true, notifyAfterMs: 2000 } }, recorded), slow);
    expect(recorded.notes).toEqual([]);
  });
});

describe('execute_command: escalation', () => {
  const escalate = (params: Record<string, unknown>) =>
    executeCommandTool.approval.escalate!(makeConfig(), params as Parameters<NonNullable<typeof executeCommandTool.approval.escalate>>[1]);

  it('escalates when the model asks for approval', async () => {
    expect(await escalate({ command: 'ls', requires_approval: true })).toBe(MODEL_REQUESTED_APPROVAL);
    expect(await escalate({ command: 'ls', requires_approval: 'TRUE' })).toBe(MODEL_REQUESTED_APPROVAL);
  });

  it('escalates a destructive command the model calls safe, naming why', async () => {
    expect(await escalate({ command: 'rm -rf build', requires_approval: false })).toBe('the command looks destructive: rm deletes files');
  });

  it('does not escalate a safe command the model calls safe', async () => {
    expect(await escalate({ command: 'ls', requires_approval: false })).toBeUndefined();
    expect(await escalate({ command: 'ls', requires_approval: 'False' })).toBeUndefined();
  });

  it('reads requires_approval like the baseline', () => {
    expect([true, 'true', ' True '].map(isApprovalRequested)).toEqual([true, true, true]);
    expect([false, 'false', 'yes', '1', '', undefined, 1].map(isApprovalRequested)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
