import { z } from 'zod';
import { defineTool, definePlugin } from '@quiver/core';
import { benchRuntime, type BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { alternate, perCallMicros } from '../measure.js';
import { profileInProcess } from '../profile.js';

/** The work of the no-op tool, also called directly as the baseline. */
function noop(path: string): string {
  return `ok ${path}`;
}

const noopTool = defineTool({
  name: 'bench_noop',
  description: 'Does nothing (pipeline overhead benchmark).',
  params: z.object({ path: z.string() }),
  annotations: { readOnly: true },
  approval: 'read',
  paths: { path: 'read' },
  execute: async (_config, params) => noop(params.path),
});

/**
 * Pipeline overhead: a no-op tool with one path parameter through every stage — required
 * params, zod validation, the ignore gate (real IgnoreService, a `.quiverignore` present),
 * path resolution, approval (auto-approved read), one PreToolUse and one PostToolUse tap,
 * telemetry — against calling its function directly. Figure: microseconds added per call.
 */
export async function benchPipelineOverhead(ctx: BenchContext): Promise<BenchResult[]> {
  const runtime = await benchRuntime(ctx.corpora.tree, [{ plugin: definePlugin({ name: 'bench-noop', tools: [noopTool] }) }]);
  let pre = 0;
  let post = 0;
  runtime.host.hooks.tap('PreToolUse', 'bench', () => void pre++);
  runtime.host.hooks.tap('PostToolUse', 'bench', () => void post++);
  const task = runtime.createTask();
  // Alternating paths keep the loop detector (same call 5 times in a row) out of the way.
  const paths = ['README.md', 'packages/pkg-00/package.json'];
  const calls = ctx.smoke ? 50 : 4000;
  let sink = 0;
  const first = await task.call('bench_noop', { path: paths[0] });
  if (first.isError) throw new Error(`the no-op tool failed: ${JSON.stringify(first.content)}`);
  try {
    const paired = await alternate({
      runs: Math.max(ctx.runs, 7),
      warmup: 2,
      subject: () => perCallMicros(calls, (i) => task.call('bench_noop', { path: paths[i & 1] })),
      baseline: () => perCallMicros(calls, (i) => void (sink += noop(paths[i & 1]).length)),
    });
    if (pre === 0 || post === 0 || sink === 0) throw new Error('the hook taps did not run');
    const row = result(
      {
        id: 'pipeline-overhead',
        title: 'Pipeline overhead (no-op tool)',
        subjectLabel: `${calls} calls through the pipeline (validation, ignore, paths, approval, 2 hook taps, telemetry)`,
        baselineLabel: 'the same function called directly',
        unit: 'µs/call',
        target: { kind: 'added', limit: 20 },
        notes: [`${calls} calls per sample`],
      },
      paired,
    );
    if (!row.met && ctx.profileMisses) {
      row.profile = await profileInProcess(`${calls} no-op calls through the pipeline`, () =>
        perCallMicros(calls, (i) => task.call('bench_noop', { path: paths[i & 1] })),
      );
    }
    return [row];
  } finally {
    await task.dispose();
    await runtime.dispose();
  }
}
