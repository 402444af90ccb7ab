import type { BenchContext } from './bench-context.js';
import type { BenchResult } from './bench-result.js';
import { benchExecStartup } from './benchmarks/exec-startup.js';
import { benchListFiles } from './benchmarks/list-files.js';
import { benchMcpPeers } from './benchmarks/mcp-peers.js';
import { benchMcpStdio } from './benchmarks/mcp-stdio.js';
import { benchMcpToolsTokens } from './benchmarks/mcp-tools-tokens.js';
import { benchPipelineOverhead } from './benchmarks/pipeline-overhead.js';
import { benchPromptPrefix } from './benchmarks/prompt-prefix.js';
import { benchReadFile } from './benchmarks/read-file.js';
import { benchSandbox } from './benchmarks/sandbox.js';
import { benchSearchFiles } from './benchmarks/search-files.js';
import { benchToolResultTokens } from './benchmarks/tool-result-tokens.js';

/** One benchmark: a name for the log and the function producing its rows. */
export interface Benchmark {
  name: string;
  run(ctx: BenchContext): Promise<BenchResult[]>;
}

/** Every benchmark, in report order. */
export const BENCHMARKS: readonly Benchmark[] = [
  { name: 'pipeline overhead', run: benchPipelineOverhead },
  { name: 'list_files', run: benchListFiles },
  { name: 'search_files', run: benchSearchFiles },
  { name: 'read_file', run: benchReadFile },
  { name: 'quiver exec start-up', run: benchExecStartup },
  { name: 'MCP over stdio', run: benchMcpStdio },
  { name: 'MCP peers', run: benchMcpPeers },
  { name: 'prompt prefix', run: benchPromptPrefix },
  { name: 'tool-result tokens', run: benchToolResultTokens },
  { name: 'MCP tools/list tokens', run: benchMcpToolsTokens },
  { name: 'sandbox', run: benchSandbox },
];

/** Run the benchmarks one after the other (never in parallel: they would skew each other). */
export async function runAll(ctx: BenchContext, only?: (name: string) => boolean): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const b of BENCHMARKS) {
    if (only && !only(b.name)) continue;
    const began = Date.now();
    ctx.log(`▶ ${b.name}`);
    const rows = await b.run(ctx);
    for (const r of rows) ctx.log(`  ${r.title}: ${r.subject.median.toFixed(3)} vs ${r.baseline.median.toFixed(3)} ${r.unit} → ${r.ratio.toFixed(2)}× ${r.met ? 'met' : 'MISSED'}`);
    ctx.log(`  (${((Date.now() - began) / 1000).toFixed(1)} s)`);
    results.push(...rows);
  }
  return results;
}
