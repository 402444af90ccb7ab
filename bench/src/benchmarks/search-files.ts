import searchFilesPlugin, { MAX_RG_LINES, ripgrepArgs } from '@quiver/tool-search-files';
import { benchRuntime, resultText, type BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { SEARCH_IDENT } from '../corpora.js';
import { alternate } from '../measure.js';
import { profileInProcess } from '../profile.js';
import { runProcess } from '../run-process.js';

/**
 * search_files for an identifier used across the tree, through the pipeline, against raw rg
 * run with exactly the arguments the tool passes (`ripgrepArgs`), its JSON output drained.
 * The corpus keeps the match count under the tool's line cap, so both sides do all the work.
 */
export async function benchSearchFiles(ctx: BenchContext): Promise<BenchResult[]> {
  const tree = ctx.corpora.tree;
  const runtime = await benchRuntime(tree, [{ plugin: searchFilesPlugin, options: { ripgrepPath: ctx.rgPath } }]);
  const task = runtime.createTask();
  const args = ripgrepArgs(tree, SEARCH_IDENT);
  const search = async () => {
    task.newUserMessage();
    const r = await task.call('search_files', { path: '.', regex: SEARCH_IDENT });
    if (r.isError) throw new Error(`search_files failed: ${resultText(r)}`);
    return r;
  };
  try {
    const shown = resultText(await search()).split('\n')[0];
    const raw = await runProcess(ctx.rgPath, args); // the tool runs rg from this process's cwd too
    if (raw.lines >= MAX_RG_LINES) ctx.log(`note: rg printed ${raw.lines} JSON lines, over the tool's cap of ${MAX_RG_LINES}`);
    const paired = await alternate({
      runs: ctx.runs,
      subject: async () => void (await search()),
      baseline: async () => void (await runProcess(ctx.rgPath, args)),
    });
    const row = result(
      {
        id: 'search-files',
        title: 'search_files, common identifier',
        subjectLabel: `search_files '${SEARCH_IDENT}' over the tree, through the pipeline`,
        baselineLabel: `rg ${args.slice(0, -1).join(' ')} <tree>`,
        unit: 'ms',
        target: { kind: 'ratio', limit: 1.2 },
        notes: [`tool: "${shown}"; rg: ${raw.lines} JSON lines (cap ${MAX_RG_LINES})`],
      },
      paired,
    );
    if (!row.met && ctx.profileMisses) row.profile = await profileInProcess('search_files through the pipeline', search);
    return [row];
  } finally {
    await task.dispose();
    await runtime.dispose();
  }
}
