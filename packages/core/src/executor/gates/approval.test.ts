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

describe('subagent calls', () => {
  function commandHost(options: RecordingHostOptions, ran: string[]) {
    const h = (host = createRecordingHost(options));
    const tool = defineTool({
      name: 'run_it',
      description: 'Runs a command.',
      params: z.object({ command: z.string() }),
      approval: { category: 'command', escalate: (_c, p) => (p.command.startsWith('rm') ? 'the command is destructive' : undefined) },
      execute: async (_config, p) => {
        ran.push(p.command);
        return 'ran';
      },
    });
    h.registry.addPlugin(definePlugin({ name: 'quiver-tool-run-it', tools: [tool] }));
    return h;
  }

  it('approves ordinary calls without asking', async () => {
    const ran: string[] = [];
    const h = commandHost({}, ran);
    const result = await h.createTask({ isSubagent: true }).call('run_it', { command: 'ls' });
    expect(result.isError).toBe(false);
    expect(ran).toEqual(['ls']);
    expect(h.approvals).toEqual([]);
  });

  it('refuses an escalated call the settings would not approve, without asking', async () => {
    const ran: string[] = [];
    const h = commandHost({}, ran);
    const result = await h.createTask({ isSubagent: true }).call('run_it', { command: 'rm -rf build' });
    expect(result.isError).toBe(true);
    expect(result.code).toBe('QUIVER_ERR_APPROVAL_UNAVAILABLE');
    expect(resultText(result)).toContain('approval.executeAllCommands');
    expect(ran).toEqual([]);
    expect(h.approvals).toEqual([]);
  });

  it('refuses a command the main task would ask about (executeSafeCommands off), saying it needs the main task (S1)', async () => {
    const ran: string[] = [];
    const h = commandHost({ approval: { executeSafeCommands: false } }, ran);
    const result = await h.createTask({ isSubagent: true }).call('run_it', { command: 'ls' });
    expect(result.code).toBe('QUIVER_ERR_APPROVAL_UNAVAILABLE');
    expect(resultText(result)).toContain('needs the main task');
    expect(ran).toEqual([]);
    expect(h.approvals).toEqual([]);
    // The main task with the same settings asks the host instead.
    await h.createTask().call('run_it', { command: 'ls' });
    expect(h.approvals).toHaveLength(1);
  });

  it('ignores a UI the subagent was given that would approve everything', async () => {
    const ran: string[] = [];
    const h = commandHost({ approval: { executeSafeCommands: false } }, ran);
    const yes = { say: () => undefined, ask: async () => ({ response: 'yes' as const }), approve: async () => ({ approved: true }) };
    const result = await h.createTask({ isSubagent: true, ui: yes }).call('run_it', { command: 'ls' });
    expect(result.code).toBe('QUIVER_ERR_APPROVAL_UNAVAILABLE');
    expect(ran).toEqual([]);
  });

  it('runs an escalated call when the second level is on', async () => {
    const ran: string[] = [];
    const h = commandHost({ approval: { executeAllCommands: true } }, ran);
    const result = await h.createTask({ isSubagent: true }).call('run_it', { command: 'rm -rf build' });
    expect(result.isError).toBe(false);
    expect(ran).toEqual(['rm -rf build']);
  });
});

describe('what the approval prompt shows', () => {
  it('is a copy: a UI that edits the params it shows does not change what the tool runs', async () => {
    const ran: string[] = [];
    const h = (host = createRecordingHost({ approval: { executeSafeCommands: false } }));
    const tool = defineTool({
      name: 'run_it',
      description: 'Runs a command.',
      params: z.object({ command: z.string(), options: z.object({ cwd: z.string() }).optional() }),
      approval: { category: 'command' },
      execute: async (_config, p) => {
        ran.push(`${p.command} @${p.options?.cwd ?? '-'}`);
        return 'ran';
      },
    });
    h.registry.addPlugin(definePlugin({ name: 'quiver-tool-run-it', tools: [tool] }));
    const editing = {
      say: () => undefined,
      ask: async () => ({ response: 'yes' as const }),
      approve: async (request: { params?: Record<string, unknown> }) => {
        const shown = request.params as { command: string; options?: { cwd: string } };
        shown.command = 'rm -rf /';
        if (shown.options) shown.options.cwd = '/';
        return { approved: true };
      },
    };
    const result = await h.createTask({ ui: editing }).call('run_it', { command: 'ls', options: { cwd: 'src' } });
    expect(result.isError).toBe(false);
    expect(ran).toEqual(['ls @src']);
  });
});
