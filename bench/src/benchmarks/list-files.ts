import { createListingFilter, createIgnoreService } from '@quiver/ignore';
import listFilesPlugin, { listFiles, LIST_LIMIT, type ListFilesResult } from '@quiver/tool-list-files';
import { createWorkspace } from '@quiver/workspace';
import { benchRuntime, resultText, type BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { alternate, type Paired } from '../measure.js';
import { profileInProcess } from '../profile.js';
import { runProcess } from '../run-process.js';

/**
 * list_files on the 100k-file tree against `rg --files` with the same ignore rules: rg reads
 * the nested `.gitignore`s itself (`--no-require-git`, as list_files honours them outside a
 * repository) and the `.quiverignore` through `--ignore-file`. Four rows: the exported
 * `listFiles` walker with the real IgnoreService's listing filter, and the whole tool through
 * the pipeline, each uncapped (vs all of rg's output) and with the 200-entry cap (vs rg
 * stopped after 200 lines).
 */
export async function benchListFiles(ctx: BenchContext): Promise<BenchResult[]> {
  const tree = ctx.corpora.tree;
  const rgArgs = ['--files', '--no-config', '--no-require-git', '--ignore-file', '.quiverignore'];
  const rg = (stopAfterLines?: number) => async () => void (await runProcess(ctx.rgPath, rgArgs, { cwd: tree, stopAfterLines }));
  const walk = await walker(tree);
  const uncappedTool = await toolRunner(tree, { limit: 1e9, timeoutMs: 600_000 });
  const cappedTool = await toolRunner(tree, {});
  try {
    const [walked, truncated] = await walk(Infinity);
    if (truncated) throw new Error('the uncapped walk was cut short (time-out?)');
    const rgCount = (await runProcess(ctx.rgPath, rgArgs, { cwd: tree })).lines;
    const walkedFiles = walked.filter((p) => !p.endsWith('/')).length;
    const counts = `list_files: ${walked.length} entries (${walkedFiles} files, the rest folders); rg --files: ${rgCount} files`;
    const runs = ctx.runs;
    const uncapped = { kind: 'ratio', limit: 1.3 } as const;
    const capped = { kind: 'absolute', limit: 50 } as const;
    const rgAll = 'rg --files, same ignore rules';
    const rgCapped = `rg --files stopped after ${LIST_LIMIT} lines`;
    const walkAll = async () => void (await walk(Infinity));
    const walkCapped = async () => void (await walk(LIST_LIMIT));
    return [
      await row(
        ctx,
        {
          id: 'list-walker',
          title: 'list_files walker, no cap',
          subjectLabel: 'listFiles + IgnoreService listing filter, recursive, no cap',
          baselineLabel: rgAll,
          target: uncapped,
          notes: [counts],
        },
        await alternate({ runs, subject: walkAll, baseline: rg() }),
        walkAll,
      ),
      await row(
        ctx,
        {
          id: 'list-tool',
          title: 'list_files tool, no cap',
          subjectLabel: 'list_files through the pipeline, recursive, no cap (sorts and formats every entry too)',
          baselineLabel: rgAll,
          target: uncapped,
          notes: [counts],
        },
        await alternate({ runs, subject: uncappedTool.run, baseline: rg() }),
        uncappedTool.run,
      ),
      await row(
        ctx,
        {
          id: 'list-walker-capped',
          title: `list_files walker, cap ${LIST_LIMIT}`,
          subjectLabel: `listFiles + IgnoreService listing filter, recursive, limit ${LIST_LIMIT}`,
          baselineLabel: rgCapped,
          target: capped,
        },
        await alternate({ runs, subject: walkCapped, baseline: rg(LIST_LIMIT) }),
        walkCapped,
      ),
      await row(
        ctx,
        {
          id: 'list-tool-capped',
          title: `list_files tool, cap ${LIST_LIMIT}`,
          subjectLabel: `list_files through the pipeline, recursive, default cap ${LIST_LIMIT}`,
          baselineLabel: rgCapped,
          target: capped,
        },
        await alternate({ runs, subject: cappedTool.run, baseline: rg(LIST_LIMIT) }),
        cappedTool.run,
      ),
    ];
  } finally {
    await uncappedTool.dispose();
    await cappedTool.dispose();
  }
}

/** The exported walker with a fresh IgnoreService per walk: nothing cached from an earlier run (rg has no cache either). */
async function walker(tree: string): Promise<(limit: number) => Promise<ListFilesResult>> {
  const workspace = await createWorkspace([tree]);
  return async (limit) => {
    const ignore = await createIgnoreService(workspace);
    try {
      const filter = createListingFilter(ignore, workspace.roots);
      // As the tool passes them: the per-folder judge for entries, the path test for link targets.
      return await listFiles(tree, {
        recursive: true,
        limit,
        timeoutMs: 600_000,
        root: tree,
        isIgnored: (p, d) => !filter.show(p, d),
        shownIn: (dir) => filter.folder(dir),
      });
    } finally {
      ignore.dispose();
    }
  };
}

/** `list_files {path: '.', recursive: true}` through a runtime with the given plugin options. */
async function toolRunner(
  tree: string,
  options: Record<string, unknown>,
): Promise<{ run: () => Promise<void>; dispose: () => Promise<void> }> {
  const runtime = await benchRuntime(tree, [{ plugin: listFilesPlugin, options }]);
  const task = runtime.createTask();
  return {
    run: async () => {
      task.newUserMessage(); // the same call again is a new message, not a loop
      const r = await task.call('list_files', { path: '.', recursive: true });
      if (r.isError) throw new Error(`list_files failed: ${resultText(r)}`);
    },
    dispose: async () => {
      await task.dispose();
      await runtime.dispose();
    },
  };
}

type RowFields = Pick<BenchResult, 'id' | 'title' | 'subjectLabel' | 'baselineLabel' | 'target'> & { notes?: string[] };

async function row(ctx: BenchContext, fields: RowFields, paired: Paired, again: () => Promise<unknown>): Promise<BenchResult> {
  const r = result({ ...fields, unit: 'ms' }, paired);
  if (!r.met && ctx.profileMisses) r.profile = await profileInProcess(fields.subjectLabel, again);
  return r;
}
