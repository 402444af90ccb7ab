import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingUi } from '@quiver/testing';
import { createApprovalProbe } from './approval-probe.js';
import { composeRuntime } from './compose-runtime.js';
import { createTempWorkspace } from './temp-workspace.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** A workspace whose PreToolUse hook leaves a marker for every call it sees. */
async function setup() {
  const ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
  cleanup.push(() => ws.dispose());
  const hook = await ws.write('hooks/mark.sh', `#!/bin/sh\ntouch "${ws.path('hook-ran')}"\n`, 0o755);
  await ws.write('quiver.config.json', { hooks: { PreToolUse: [{ hooks: [{ command: hook }] }] } });
  const probe = createApprovalProbe();
  const ui = createRecordingUi(true);
  const { runtime } = await composeRuntime({ folders: [ws.root], ui, hostPlugins: [probe.plugin] });
  cleanup.push(() => runtime.dispose());
  return { ws, probe, runtime, ui };
}

describe('approval probe', () => {
  it('returns the prompt Quiver would show for an edit, and writes nothing', async () => {
    const { ws, probe, runtime, ui } = await setup();
    const outcome = await probe.probe(runtime, 'write_to_file', { path: 'new.txt', content: 'x' });
    expect(outcome).toMatchObject({ kind: 'ask', request: { tool: 'write_to_file', category: 'edit', path: ws.path('new.txt'), reason: 'approval.editFiles is off', setting: 'approval.editFiles' } });
    expect(existsSync(ws.path('new.txt'))).toBe(false);
    expect(ui.approvals).toEqual([]);
  });

  it('reports an automatic approval without running the hooks or the tool', async () => {
    const { ws, probe, runtime, ui } = await setup();
    expect(await probe.probe(runtime, 'read_file', { path: 'a.txt' })).toEqual({ kind: 'auto' });
    expect(await probe.probe(runtime, 'execute_command', { command: `touch ${ws.path('ran')}`, requires_approval: false })).toEqual({ kind: 'auto' });
    expect(existsSync(ws.path('ran'))).toBe(false);
    expect(existsSync(ws.path('hook-ran'))).toBe(false);
    expect(ui.said).toEqual([]);
  });

  it('reports a call a gate refuses before approval', async () => {
    const { probe, runtime } = await setup();
    const outcome = await probe.probe(runtime, 'read_file', {});
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' && outcome.result.code).toBe('QUIVER_ERR_PARAM_MISSING');
  });

  it('leaves other tasks alone: a real call still runs its hooks and the tool', async () => {
    const { ws, probe, runtime } = await setup();
    await probe.probe(runtime, 'read_file', { path: 'a.txt' });
    const r = await runtime.createTask().call('execute_command', { command: `touch ${ws.path('ran')}`, requires_approval: false });
    expect(r.isError).toBe(false);
    expect(existsSync(ws.path('ran'))).toBe(true);
    expect(existsSync(ws.path('hook-ran'))).toBe(true);
  });
});
