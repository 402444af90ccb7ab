import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import plugin from './index.js';
import { loadMcpDocumentationTool } from './load-mcp-documentation.js';
import { defaultServersDir } from './mcp-documentation.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('load_mcp_documentation', () => {
  it('returns the guide without asking, even when every approval setting is off', async () => {
    h = await createTestHarness({ plugins: [plugin], config: { approval: { useMcp: false, readFiles: false } }, approve: false });
    const r = await h.call('load_mcp_documentation', {});
    expect(r.isError).toBe(false);
    const text = h.text(r);
    expect(text.startsWith('## Creating an MCP Server')).toBe(true);
    expect(text).toContain(defaultServersDir());
    expect(text).toContain('"disabled": false');
    expect(text).toContain('"autoApprove": []');
    expect(text).toContain('registerTool');
    expect(h.approvals).toEqual([]);
  });

  it('names the places given in the plugin options', async () => {
    h = await createTestHarness({
      plugins: [{ plugin: plugin, options: { serversDir: '/srv/mcp', settingsPath: '/etc/quiver/quiver.config.json' } }],
    });
    const text = h.text(await h.call('load_mcp_documentation', {}));
    expect(text).toContain('/srv/mcp/weather-server/build/index.js');
    expect(text).toContain('in /etc/quiver/quiver.config.json');
  });

  it('exports only the plugin (its README: the package exports nothing else)', async () => {
    expect(Object.keys(await import('./index.js'))).toEqual(['default']);
    expect(plugin.tools.map((t) => t.name)).toEqual(['load_mcp_documentation']);
    expect(loadMcpDocumentationTool.approval.category).toBe('none');
  });
});
