// The approval gate's per-call auto-approve rule (ToolApproval.autoApprove): it spares the
// prompt only when the settings would ask, and sees the validated params and the task config.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, definePlugin, resultText } from '../../index.js';
import { createRecordingHost, type RecordingHost, type RecordingHostOptions } from '../../../test/support/recording-host.js';

let host: RecordingHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

function mcpHost(options: RecordingHostOptions, seen: string[] = []) {
  const h = (host = createRecordingHost(options));
  const tool = defineTool({
    name: 'call_remote',
    description: 'Calls a remote tool.',
    params: z.object({ tool_name: z.string() }),
    approval: {
      category: 'mcp',
      autoApprove: (config, p) => {
        seen.push(`${config.tool}:${p.tool_name}`);
        return p.tool_name === 'echo';
      },
    },
    execute: async (config) => config.approval,
  });
  h.registry.addPlugin(definePlugin({ name: 'quiver-tool-call-remote', tools: [tool] }));
  return h;
}

describe('ToolApproval.autoApprove', () => {
  it('approves a listed call without asking when the setting is off', async () => {
    const seen: string[] = [];
    const h = mcpHost({ approval: { useMcp: false } }, seen);
    const result = await h.createTask().call('call_remote', { tool_name: 'echo' });
    expect(resultText(result)).toBe('auto');
    expect(h.approvals).toEqual([]);
    expect(seen).toEqual(['call_remote:echo']);
  });

  it('asks for a call the rule does not approve', async () => {
    const h = mcpHost({ approval: { useMcp: false } });
    const result = await h.createTask().call('call_remote', { tool_name: 'delete_all' });
    expect(resultText(result)).toBe('user');
    expect(h.approvals).toHaveLength(1);
    expect(h.approvals[0]).toMatchObject({ category: 'mcp', setting: 'approval.useMcp' });
  });

  it('is not consulted when the settings already approve', async () => {
    const seen: string[] = [];
    const h = mcpHost({ approval: { useMcp: true } }, seen);
    expect(resultText(await h.createTask().call('call_remote', { tool_name: 'delete_all' }))).toBe('auto');
    expect(seen).toEqual([]);
  });
});
