// A small MCP server over stdio for the use_mcp_tool tests: a notification, a huge answer,
// a tool error. Run with `node test-server.mjs`.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'quiver-test', version: '1.0.0' }, { capabilities: { logging: {} } });
server.registerTool('notify', { description: 'Logs, then answers.' }, async (extra) => {
  await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'halfway there' } });
  return { content: [{ type: 'text', text: 'done' }] };
});
server.registerTool('big', { description: 'Answers n characters.', inputSchema: { n: z.number() } }, async ({ n }) => ({
  content: [{ type: 'text', text: 'z'.repeat(n) }],
}));
server.registerTool('fail', { description: 'Fails.' }, async () => ({
  content: [{ type: 'text', text: 'quota exceeded' }],
  isError: true,
}));
server.registerTool('empty', { description: 'Answers nothing.' }, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
