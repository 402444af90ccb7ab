import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingUi } from '@quiver/testing';
import { createQuiverSession } from './quiver-session.js';
import { readSettings } from './settings.js';
import { createTempWorkspace } from './temp-workspace.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(folders?: string[]) {
  const ws = await createTempWorkspace({ 'a.txt': 'a' });
  cleanup.push(() => ws.dispose());
  const session = createQuiverSession({
    folders: () => folders ?? [ws.root],
    settings: () => readSettings({ get: () => undefined }),
    ui: createRecordingUi(),
  });
  cleanup.push(() => session.dispose());
  return { ws, session };
}

describe('Quiver session', () => {
  it('composes once and reuses the runtime', async () => {
    const { session } = await setup();
    const loaded: unknown[] = [];
    session.onDidLoad((c) => loaded.push(c));
    const a = await session.current();
    const b = await session.use(async (c) => c);
    expect(b).toBe(a);
    expect(loaded).toEqual([a]);
  });

  it('recomposes after invalidate(), disposing the old runtime once its calls are done', async () => {
    const { ws, session } = await setup();
    let release!: () => void;
    const inUse = session.use(async (c) => {
      await new Promise<void>((r) => (release = r));
      return c.runtime.createTask().call('read_file', { path: 'a.txt' });
    });
    const old = await session.current();
    await ws.write('quiver.config.json', { tools: { execute_command: { enabled: false } } });
    session.invalidate();
    const fresh = await session.current();
    expect(fresh).not.toBe(old);
    expect(fresh.runtime.tools().map((t) => t.name)).not.toContain('execute_command');
    release();
    // The old runtime served its call to the end.
    expect((await inUse).isError).toBe(false);
  });

  it('does not cache a failed load: fixing the config is enough', async () => {
    const { ws, session } = await setup();
    await ws.write('quiver.config.json', '{ "approval": { "editFiles": "yes" } }');
    await expect(session.current()).rejects.toMatchObject({ code: 'QUIVER_ERR_CONFIG_INVALID' });
    await ws.write('quiver.config.json', { approval: { editFiles: true } });
    await expect(session.current()).resolves.toMatchObject({ config: { approval: { editFiles: true } } });
  });

  it('says what to do without a workspace folder', async () => {
    const { session } = await setup([]);
    await expect(session.current()).rejects.toThrow(/Open a folder/);
  });
});
