// task.check() on the extension's real runtime: the dry run its chat confirmations are built
// from (prepareInvocation). A PreToolUse hook marks every call it sees, so a check that ran
// one would leave the marker.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingUi } from '@quiver/testing';
import { composeRuntime } from './compose-runtime.js';
import { createTempWorkspace } from './temp-workspace.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup() {
  const ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
  cleanup.push(() => ws.dispose());
  const hook = await ws.write('hooks/mark.sh', `#!/bin/sh\ntouch "${ws.path('hook-ran')}"\n`, 0o755);
  await ws.write('quiver.config.json', { hooks: { PreToolUse: [{ hooks: [{ command: hook }] }] } });
  const ui = createRecordingUi(true);
  const { runtime } = await composeRuntime({ folders: [ws.root], ui });
  cleanup.push(() => runtime.dispose());
  const task = runtime.createTask();
  cleanup.push(() => task.dispose());
  return { ws, runtime, ui, task };
}

describe('task.check() in the extension', () => {
  it('returns the prompt Quiver would show for an edit, and writes nothing', async () => {
    const { ws, ui, task } = await setup();
    const outcome = await task.check('write_to_file', { path: 'new.txt', content: 'x' });
    expect(outcome).toMatchObject({
      kind: 'ask',
      request: {
        tool: 'write_to_file',
        category: 'edit',
        path: ws.path('new.txt'),
        reason: 'approval.editFiles is off',
        setting: 'approval.editFiles',
      },
    });
    expect(existsSync(ws.path('new.txt'))).toBe(false);
    expect(ui.approvals).toEqual([]);
  });

  it('reports an automatic approval without running the hooks or the tool', async () => {
    const { ws, ui, task } = await setup();
    expect(await task.check('read_file', { path: 'a.txt' })).toEqual({ kind: 'auto', approval: 'auto' });
    expect(await task.check('execute_command', { command: `touch ${ws.path('ran')}`, requires_approval: false })).toEqual({
      kind: 'auto',
      approval: 'auto',
    });
    expect(existsSync(ws.path('ran'))).toBe(false);
    expect(existsSync(ws.path('hook-ran'))).toBe(false);
    expect(ui.said).toEqual([]);
  });

  it('reports a call a gate refuses before approval', async () => {
    const { task } = await setup();
    const outcome = await task.check('read_file', {});
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' && outcome.result.code).toBe('QUIVER_ERR_PARAM_MISSING');
  });

  it('leaves the task as it was: a real call afterwards runs its hooks and the tool', async () => {
    const { ws, task } = await setup();
    await task.check('read_file', { path: 'a.txt' });
    const r = await task.call('execute_command', { command: `touch ${ws.path('ran')}`, requires_approval: false });
    expect(r.isError).toBe(false);
    expect(existsSync(ws.path('ran'))).toBe(true);
    expect(existsSync(ws.path('hook-ran'))).toBe(true);
  });
});
