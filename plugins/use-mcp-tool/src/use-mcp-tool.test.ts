// use_mcp_tool through the real pipeline (@quiver/testing), against real MCP servers over
// stdio: the reference "everything" server from npm and a small SDK server (SPEC Part B §16.16).
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@quiver/core';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import useMcpTool from './index.js';
import { everythingServer, testServer } from '../test/support/servers.js';
import { MCP_ERRORS, mcpHubRef } from '@quiver/mcp-hub';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

async function harness(
  mcpServers: Record<string, unknown>,
  options: { useMcp?: boolean; supportsImages?: boolean; approve?: boolean } = {},
) {
  h = await createTestHarness({
    plugins: [{ plugin: useMcpTool, options: { mcpServers, supportsImages: options.supportsImages } }],
    config: { approval: { useMcp: options.useMcp ?? true } },
    approve: options.approve ?? true,
  });
  return h;
}

describe('use_mcp_tool', () => {
  it('calls a tool with JSON-text arguments and with an object', async () => {
    // approval: "useMcp" opts the server out of per-tool asking, so useMcp (on) approves.
    const t = await harness({ everything: everythingServer({ approval: 'useMcp' }) });
    const r = await t.call('use_mcp_tool', { server_name: 'everything', tool_name: 'echo', arguments: '{"message":"hi"}' });
    expect(r).toEqual({ content: [{ type: 'text', text: 'Echo: hi' }], isError: false });
    const sum = await t.call('use_mcp_tool', { server_name: 'everything', tool_name: 'get-sum', arguments: { a: 20, b: 22 } });
    expect(t.text(sum)).toContain('42');
    expect(t.approvals).toEqual([]);
  });

  it('invalid JSON arguments fail before approval and count a mistake', async () => {
    const t = await harness({ everything: everythingServer() }, { useMcp: false });
    for (const bad of ['{"message": hi}', '[1,2]', '"text"']) {
      const r = await t.call('use_mcp_tool', { server_name: 'everything', tool_name: 'echo', arguments: bad });
      expect(r).toMatchObject({ isError: true, code: ERROR_CODES.PARAM_INVALID });
      expect(t.text(r)).toContain(
        'Invalid JSON argument used with everything for echo. Please retry with a properly formatted JSON argument.',
      );
    }
    expect(t.mistakes.count).toBe(3);
    expect(t.approvals).toEqual([]);
  });

  it('asks for every downstream tool outside autoApprove, whatever useMcp says', async () => {
    for (const useMcp of [true, false]) {
      const t = await harness({ everything: everythingServer({ autoApprove: ['echo'] }) }, { useMcp });
      await t.call('use_mcp_tool', { server_name: 'everything', tool_name: 'echo', arguments: '{"message":"a"}' });
      expect(t.approvals).toEqual([]);
      await t.call('use_mcp_tool', { server_name: 'everything', tool_name: 'get-sum', arguments: '{"a":1,"b":2}' });
      expect(t.approvals, `useMcp: ${useMcp}`).toHaveLength(1);
      expect(t.approvals[0]).toMatchObject({ tool: 'use_mcp_tool', description: "[use_mcp_tool for 'everything': get-sum]" });
      await t.dispose();
      h = undefined;
    }
  });

  it('a refusal (nobody to ask) never reaches the tool, even with useMcp on', async () => {
    const t = await harness({ everything: everythingServer() }, { useMcp: true, approve: false });
    const r = await t.call('use_mcp_tool', { server_name: 'everything', tool_name: 'echo', arguments: '{"message":"a"}' });
    expect(r).toMatchObject({ isError: true, code: ERROR_CODES.APPROVAL_DENIED });
  });

  it('a server opted out with approval: "useMcp" follows approval.useMcp', async () => {
    const on = await harness({ everything: everythingServer({ approval: 'useMcp' }) }, { useMcp: true });
    await on.call('use_mcp_tool', { server_name: 'everything', tool_name: 'get-sum', arguments: '{"a":1,"b":2}' });
    expect(on.approvals).toEqual([]);
    await on.dispose();
    const off = await harness({ everything: everythingServer({ approval: 'useMcp' }) }, { useMcp: false });
    await off.call('use_mcp_tool', { server_name: 'everything', tool_name: 'get-sum', arguments: '{"a":1,"b":2}' });
    expect(off.approvals).toHaveLength(1);
  });

  it('a denial never reaches the server', async () => {
    const t = await harness({ broken: { command: process.execPath, args: ['-e', 'process.exit(9)'] } }, { useMcp: false, approve: false });
    const r = await t.call('use_mcp_tool', { server_name: 'broken', tool_name: 'x' });
    expect(r).toMatchObject({ isError: true, code: ERROR_CODES.APPROVAL_DENIED });
  });

  it('unknown server (a mistake) and disabled server (not one) — baseline texts', async () => {
    const t = await harness({ off: everythingServer({ disabled: true }) });
    const unknown = await t.call('use_mcp_tool', { server_name: 'nonexistent-server', tool_name: 'echo' });
    expect(unknown).toMatchObject({ isError: true, code: MCP_ERRORS.MCP_SERVER_UNKNOWN });
    expect(t.text(unknown)).toContain(
      "No connection found for server: nonexistent-server. Please make sure to use MCP servers available under 'Connected MCP Servers'. Configured servers: off.",
    );
    expect(t.mistakes.count).toBe(1);
    const off = await t.call('use_mcp_tool', { server_name: 'off', tool_name: 'echo' });
    expect(t.text(off)).toContain('Server "off" is disabled and cannot be used');
    expect(t.mistakes.count).toBe(1);
  });

  it('a per-server timeout is an error result that says so', async () => {
    // Connect (through a first call) under the default timeout: starting the server through npx
    // can take over 1 s on a loaded machine, and this test is about the call. The lowered
    // timeout then reaches the live connection without reconnecting.
    const t = await harness({ slow: everythingServer() });
    expect(t.text(await t.call('use_mcp_tool', { server_name: 'slow', tool_name: 'echo', arguments: '{"message":"up"}' }))).toBe(
      'Echo: up',
    );
    await t.runtime.host.container.get(mcpHubRef).setServers({ slow: everythingServer({ timeout: 1 }) });
    const r = await t.call('use_mcp_tool', {
      server_name: 'slow',
      tool_name: 'trigger-long-running-operation',
      arguments: '{"duration":5,"steps":5}',
    });
    expect(r).toMatchObject({ isError: true, code: ERROR_CODES.TOOL_TIMEOUT });
    expect(t.text(r)).toMatch(/^Error executing MCP tool: MCP server 'slow' did not answer .* within 1 s/);
  });

  it('images are passed on, or described when the model cannot see them', async () => {
    const t = await harness({ everything: everythingServer() });
    const r = await t.call('use_mcp_tool', { server_name: 'everything', tool_name: 'get-tiny-image' });
    expect(r.content.some((b) => b.type === 'image' && b.mimeType === 'image/png' && b.data.length > 10)).toBe(true);
    await h!.dispose();
    const blind = await harness({ everything: everythingServer() }, { supportsImages: false });
    const r2 = await blind.call('use_mcp_tool', { server_name: 'everything', tool_name: 'get-tiny-image' });
    expect(r2.content.every((b) => b.type === 'text')).toBe(true);
    expect(blind.text(r2)).toContain(
      '[1 images were provided in the response, and while they are displayed to the user, you do not have the ability to view them.]',
    );
  });

  it('embedded resources come back as JSON', async () => {
    const t = await harness({ everything: everythingServer() });
    const r = await t.call('use_mcp_tool', {
      server_name: 'everything',
      tool_name: 'get-resource-reference',
      arguments: '{"resourceType":"Text","resourceId":3}',
    });
    expect(t.text(r)).toContain('"uri": "demo://resource/dynamic/text/3"');
  });

  it('server tool errors start with "Error:", empty answers say "(No response)", notifications are shown', async () => {
    const t = await harness({ test: testServer() });
    const fail = await t.call('use_mcp_tool', { server_name: 'test', tool_name: 'fail' });
    expect(fail).toMatchObject({
      isError: true,
      code: MCP_ERRORS.MCP_CALL_FAILED,
      content: [{ type: 'text', text: 'Error:\nquota exceeded' }],
    });
    expect(t.mistakes.count).toBe(0);
    expect(t.text(await t.call('use_mcp_tool', { server_name: 'test', tool_name: 'empty' }))).toBe('(No response)');
    expect(t.text(await t.call('use_mcp_tool', { server_name: 'test', tool_name: 'notify' }))).toBe('done');
    expect(t.said).toContainEqual(expect.objectContaining({ type: 'mcp_notification', text: '[test] info: halfway there' }));
  });

  it('answers over 400 KB are cut with a notice', async () => {
    const t = await harness({ test: testServer() });
    const text = t.text(await t.call('use_mcp_tool', { server_name: 'test', tool_name: 'big', arguments: { n: 500_000 } }));
    expect(text.length).toBeLessThan(420_000);
    expect(text).toContain('[FILE TRUNCATED: This response is 488.3 KB but only the first 400.0 KB is shown');
  });
});
