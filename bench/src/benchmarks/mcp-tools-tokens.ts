import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { stats } from '../measure.js';

const require = createRequire(import.meta.url);

/** What a client's model pays to know a server's tools: the `tools/list` result. */
interface Listing {
  tools: number;
  tokens: number;
  bytes: number;
}

/**
 * The context an MCP client spends on each server's tool list: the default `quiver mcp`
 * `tools/list` result against @modelcontextprotocol/server-filesystem's, both fetched over
 * stdio with the SDK client and counted with a real tokenizer (gpt-tokenizer, o200k_base) on
 * the JSON the client receives. Target: Quiver at most the filesystem server's count, while
 * offering more capability (commands, patches, search, web). Counts do not vary between runs,
 * so one listing per side is the measurement.
 */
export async function benchMcpToolsTokens(ctx: BenchContext): Promise<BenchResult[]> {
  const cwd = ctx.corpora.files;
  const quiver = await listTools(process.execPath, [ctx.cliBin, 'mcp', '--cwd', cwd], cwd);
  const filesystem = await listTools(
    process.execPath,
    [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), cwd],
    cwd,
  );
  return [
    result(
      {
        id: 'mcp-tools-tokens',
        title: 'MCP `tools/list` size (o200k tokens)',
        subjectLabel: `default \`quiver mcp\` tools/list: ${quiver.tools} tools, ${quiver.bytes} bytes`,
        baselineLabel: `@modelcontextprotocol/server-filesystem tools/list: ${filesystem.tools} tools, ${filesystem.bytes} bytes`,
        unit: 'tokens',
        target: { kind: 'ratio', limit: 1 },
        notes: [`counted with gpt-tokenizer o200k_base on the JSON of the tools/list result`],
      },
      { subject: stats([quiver.tokens]), baseline: stats([filesystem.tokens]), ratio: quiver.tokens / filesystem.tokens },
    ),
  ];
}

async function listTools(command: string, args: string[], cwd: string): Promise<Listing> {
  const client = new Client({ name: 'quiver-bench-tokens', version: '1.0.0' }, { capabilities: {} });
  await client.connect(new StdioClientTransport({ command, args, cwd, stderr: 'pipe' }));
  try {
    const listed = await client.listTools();
    const json = JSON.stringify({ tools: listed.tools });
    return { tools: listed.tools.length, tokens: countTokens(json), bytes: Buffer.byteLength(json) };
  } finally {
    await client.close();
  }
}
