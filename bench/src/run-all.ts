import type { BenchContext } from './bench-context.js';
import { timedOutResult, type BenchResult } from './bench-result.js';
import { TimedOut, takeTimeOuts } from './child-limit.js';
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

/**
 * Run the benchmarks one after the other (never in parallel: they would skew each other). A
 * benchmark whose child ran past its time limit (its process group killed, see
 * `child-limit.ts`) gives one "timed out" row and the run goes on; any other error stops it.
 */
export async function runAll(ctx: BenchContext, only?: (name: string) => boolean): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const b of BENCHMARKS) {
    if (only && !only(b.name)) continue;
    const began = Date.now();
    ctx.log(`▶ ${b.name}`);
    takeTimeOuts();
    let rows: BenchResult[];
    try {
      rows = await b.run(ctx);
    } catch (e) {
      const limit = e instanceof TimedOut ? e : takeTimeOuts()[0];
      if (!limit) throw e;
      const why = limit === e ? limit.message : `${limit.message}, so the benchmark failed: ${e instanceof Error ? e.message : String(e)}`;
      rows = [
        timedOutResult(
          {
            id: `${b.name.replace(/\W+/g, '-')}-timed-out`,
            title: b.name,
            subjectLabel: 'not measured',
            baselineLabel: 'not measured',
            unit: '',
            target: { kind: 'ratio', limit: Number.NaN },
          },
          why,
        ),
      ];
    }
    for (const r of rows)
      ctx.log(
        r.timedOut
          ? `  ${r.title}: TIMED OUT (${r.timedOut})`
          : `  ${r.title}: ${r.subject.median.toFixed(3)} vs ${r.baseline.median.toFixed(3)} ${r.unit} → ${r.ratio.toFixed(2)}× ${r.met ? 'met' : 'MISSED'}`,
      );
    ctx.log(`  (${((Date.now() - began) / 1000).toFixed(1)} s)`);
    results.push(...rows);
  }
  return results;
}
