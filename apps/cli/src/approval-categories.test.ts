// Core's approver knows no tool by name: each first-party plugin declares its tools' approval
// category, and SPEC Part B §9's families follow from those declarations. This pins them, so
// moving the names out of core changed no tool's approval.
import type { ApprovalCategory, ToolDefinition } from '@quiver/core';
import { isPluginDefinition } from '@quiver/core/host';
import { expect, it } from 'vitest';
import { DEFAULT_PLUGINS } from './default-preset.js';

const FAMILIES: Record<string, ApprovalCategory> = {
  read_file: 'read',
  list_files: 'read',
  list_code_definition_names: 'read',
  search_files: 'read',
  use_subagents: 'read',
  write_to_file: 'edit',
  replace_in_file: 'edit',
  new_rule: 'edit',
  apply_patch: 'edit',
  execute_command: 'command',
  browser_action: 'browser',
  web_fetch: 'browser',
  web_search: 'browser',
  // Deliberately not §9's 'mcp' (issue 13): every downstream tool outside its server's
  // autoApprove list is asked, whatever approval.useMcp says; the tool's own rule spares the
  // prompt for autoApprove tools and servers with `approval: "useMcp"`.
  use_mcp_tool: 'always',
  access_mcp_resource: 'mcp',
};

it('every baseline tool declares the approval family SPEC §9 gives it (use_mcp_tool: per downstream tool)', async () => {
  const tools = new Map<string, ToolDefinition>();
  for (const name of DEFAULT_PLUGINS) {
    const plugin = ((await import(name)) as { default: unknown }).default;
    if (isPluginDefinition(plugin)) for (const tool of plugin.tools) tools.set(tool.name, tool);
  }
  const declared = Object.fromEntries(Object.keys(FAMILIES).map((name) => [name, tools.get(name)?.approval.category]));
  expect(declared).toEqual(FAMILIES);
});
