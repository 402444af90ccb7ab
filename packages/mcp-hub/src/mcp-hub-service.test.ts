import { describe, expect, it } from 'vitest';
import type { ServiceRef } from '@quiver/core';
import { createContainer } from '@quiver/core/host';
import { mcpHubRef, provideMcpHub } from './index.js';

describe('provideMcpHub', () => {
  it('builds one hub per host from plugin options, however many plugins provide it', async () => {
    const container = createContainer();
    const provide = <T>(ref: ServiceRef<T>, factory: (s: never) => T, opts?: { dispose?: (v: T) => unknown }) =>
      container.provide(ref, factory as never, opts);
    provideMcpHub({ options: { mcpServers: { a: { url: 'http://127.0.0.1:9/mcp', autoApprove: ['t'] } } }, provide });
    const first = container.get(mcpHubRef);
    provideMcpHub({ options: { mcpServers: { other: { command: 'x' } } }, provide });
    expect(container.get(mcpHubRef)).toBe(first);
    await first.ready;
    expect(first.servers().map((s) => s.name)).toEqual(['a']);
    expect(first.isAutoApproved('a', 't')).toBe(true);
    await container.dispose();
  });

  it('a second host gets its own hub', () => {
    const hubs = [createContainer(), createContainer()].map((c) => {
      provideMcpHub({ options: {}, provide: (ref, factory, opts) => c.provide(ref, factory, opts) });
      return c.get(mcpHubRef);
    });
    expect(hubs[0]).not.toBe(hubs[1]);
  });
});
