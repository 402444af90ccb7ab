import { describe, expect, it } from 'vitest';
import { executeCommandTool } from '@quiver/tool-execute-command';
import { readFileTool } from '@quiver/tool-read-file';
import { toMcpTool } from './mcp-tools.js';

describe('toMcpTool', () => {
  it('serves the brief (manifest) description when given, and no agent-loop parameter', () => {
    const tool = toMcpTool(executeCommandTool, 'Run a shell command');
    expect(tool.description).toBe('Run a shell command.');
    expect(Object.keys(tool.inputSchema.properties ?? {})).not.toContain('task_progress');
    expect(tool.inputSchema.required ?? []).not.toContain('task_progress');
  });

  it('serves the JSON Schema generated from the zod params', () => {
    const tool = toMcpTool(readFileTool);
    expect(tool.name).toBe('read_file');
    expect(tool.description).toBe(readFileTool.description);
    expect(tool.inputSchema.type).toBe('object');
    expect(tool.inputSchema.required).toEqual(['path']);
    expect(Object.keys(tool.inputSchema.properties ?? {})).toContain('start_line');
  });

  it('maps every annotation to an explicit MCP hint', () => {
    expect(toMcpTool(readFileTool).title).toBe('Read file');
    expect(toMcpTool(readFileTool).annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(toMcpTool(executeCommandTool).annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
  });
});
