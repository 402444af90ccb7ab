// The honest MCP tool set (issue 13 "Must show" 3), end to end over stdio against the built CLI:
// an MCP client runs its own loop, so agent-loop tools are not offered unless the config turns
// them on; tools whose requirement is missing are not offered; annotations tell the truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, createMcpTestKit, resultText, type McpTestKit } from './mcp-test-kit.js';

const LOOP_TOOLS = [
  'attempt_completion',
  'plan_mode_respond',
  'act_mode_respond',
  'new_task',
  'condense',
  'summarize_task',
  'report_bug',
  'focus_chain',
  'ask_followup_question',
  'load_mcp_documentation',
];
let kit: McpTestKit;

beforeAll(async () => {
  kit = await createMcpTestKit('quiver-mcp-toolset-');
});
afterAll(() => kit.cleanup());

describe('the default MCP tool set', () => {
  it('offers the tools that act on the workspace or the world, and no agent-loop tool', async () => {
    const client = await kit.connect(await kit.workspace('default'));
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const name of [
      'read_file',
      'list_files',
      'search_files',
      'execute_command',
      'write_to_file',
      'replace_in_file',
      'apply_patch',
      'list_code_definition_names',
      'web_fetch',
    ]) {
      expect(names, name).toContain(name);
    }
    for (const name of LOOP_TOOLS) expect(names, name).not.toContain(name);
    // Nothing they need is configured: no model, no MCP servers.
    for (const name of ['use_subagents', 'use_mcp_tool', 'access_mcp_resource']) expect(names, name).not.toContain(name);
  });

  it('a client calling a loop tool gets "no such tool", never an invented user reply', async () => {
    const dir = await kit.workspace('call-loop');
    const client = await kit.connect(dir);
    const r = await callTool(client, 'attempt_completion', { result: 'Done' });
    expect(r.isError).toBe(true);
    expect(resultText(r)).toMatch(/No tool named 'attempt_completion'/);
    expect(resultText(r)).toContain('read_file');
  });

  it('tools.<name>.enabled: true offers a loop tool; a configured model and server offer the rest', async () => {
    const dir = await kit.workspace(
      'enabled',
      {},
      {
        tools: { attempt_completion: { enabled: true } },
        model: { provider: 'openai-compatible', model: 'local', baseURL: 'http://127.0.0.1:9/v1' },
        mcpServers: { echo: { command: 'node', args: ['-e', ''] } },
      },
    );
    const client = await kit.connect(dir);
    const tools = (await client.listTools()).tools;
    const names = tools.map((t) => t.name);
    expect(names).toContain('attempt_completion');
    expect(names).not.toContain('plan_mode_respond');
    expect(names).toContain('use_subagents');
    expect(names).toContain('use_mcp_tool');
    // use_subagents runs commands through its subagents: not read-only.
    expect(tools.find((t) => t.name === 'use_subagents')!.annotations).toMatchObject({ readOnlyHint: false });
  });
});
