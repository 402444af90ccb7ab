import type { Root } from '@modelcontextprotocol/sdk/types.js';
import type { Runtime } from '@quiver/runtime';
import { describe, expect, it } from 'vitest';
import type { ClientRoot } from './mcp-roots.js';
import { createMcpSession } from './mcp-session.js';

/** Stand-in runtimes: the session only opens, hands out and disposes them. */
function runtimes() {
  const opened: { roots: ClientRoot[] | undefined; disposed: boolean; runtime: Runtime }[] = [];
  const open = async (roots: ClientRoot[] | undefined) => {
    const entry = { roots, disposed: false, runtime: undefined as unknown as Runtime };
    entry.runtime = { dispose: async () => void (entry.disposed = true) } as unknown as Runtime;
    opened.push(entry);
    return entry.runtime;
  };
  return { opened, open };
}

describe('createMcpSession', () => {
  it('opens one runtime lazily and reuses it', async () => {
    const r = runtimes();
    const session = createMcpSession({ open: r.open, listRoots: async () => [], log: () => {} });
    expect(r.opened).toHaveLength(0);
    const [a, b] = await Promise.all([session.use(undefined, async (rt) => rt), session.use(undefined, async (rt) => rt)]);
    expect(a).toBe(b);
    expect(r.opened).toHaveLength(1);
    expect(r.opened[0].roots).toBeUndefined();
  });

  it('rebuilds on a roots change and disposes the old runtime once its calls finish', async () => {
    const r = runtimes();
    let roots: Root[] = [{ uri: 'file:///srv/one', name: 'one' }];
    const session = createMcpSession({ open: r.open, listRoots: async () => roots, log: () => {} });
    let release!: () => void;
    const running = session.use(undefined, (rt) => new Promise<Runtime>((resolve) => (release = () => resolve(rt))));
    await new Promise((resolve) => setTimeout(resolve, 0));
    session.rootsChanged();
    const next = await session.use(undefined, async (rt) => rt);
    expect(r.opened.map((o) => o.roots)).toEqual([undefined, [{ name: 'one', path: '/srv/one' }]]);
    expect(next).toBe(r.opened[1].runtime);
    expect(r.opened[0].disposed).toBe(false);
    release();
    expect(await running).toBe(r.opened[0].runtime);
    expect(r.opened[0].disposed).toBe(true);

    roots = [];
    session.rootsChanged();
    await session.use(undefined, async () => undefined);
    expect(r.opened[2].roots).toBeUndefined();
    await session.dispose();
    expect(r.opened[2].disposed).toBe(true);
  });

  it('keeps the current workspace when the roots cannot be used', async () => {
    const r = runtimes();
    const logged: string[] = [];
    const session = createMcpSession({
      open: r.open,
      listRoots: () => Promise.reject(new Error('client gone')),
      log: (l) => void logged.push(l),
    });
    const first = await session.use(undefined, async (rt) => rt);
    session.rootsChanged();
    expect(await session.use(undefined, async (rt) => rt)).toBe(first);
    expect(logged.join('\n')).toContain('client gone');
  });

  it('refuses use after dispose', async () => {
    const r = runtimes();
    const session = createMcpSession({ open: r.open, listRoots: async () => [], log: () => {} });
    await session.dispose();
    await expect(session.use(undefined, async () => 1)).rejects.toThrow(/closed/);
  });
});
