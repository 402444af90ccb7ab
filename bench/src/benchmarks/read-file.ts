import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import readFilePlugin from '@quiver/tool-read-file';
import { benchRoot, benchRuntime, resultText, type BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { alternate, perCallMicros } from '../measure.js';
import { profileInProcess } from '../profile.js';
import { runProcess } from '../run-process.js';

const RANGE = 100;

/**
 * read_file: 100 lines deep inside the 1 GiB log (vs `sed -n 'X,Yp;Yq'`, which also stops
 * after the range), the peak RSS of a process doing that read (vs the same process without
 * the read), and the whole 5,000-line source file (vs `fs.readFile` of it).
 */
export async function benchReadFile(ctx: BenchContext): Promise<BenchResult[]> {
  const { corpora } = ctx;
  const runtime = await benchRuntime(corpora.dir, [{ plugin: readFilePlugin }]);
  const task = runtime.createTask();
  const call = async (params: Record<string, unknown>) => {
    task.newUserMessage();
    const r = await task.call('read_file', params);
    if (r.isError) throw new Error(`read_file failed: ${resultText(r)}`);
    return r;
  };
  try {
    return [await logRange(ctx, call), await logRss(ctx), await sourceFile(ctx, call)];
  } finally {
    await task.dispose();
    await runtime.dispose();
  }
}

type Call = (params: Record<string, unknown>) => Promise<{ content: { type: string; text?: string }[] }>;

async function logRange(ctx: BenchContext, call: Call): Promise<BenchResult> {
  const start = ctx.corpora.sizes.logReadLine;
  const end = start + RANGE - 1;
  const params = { path: basename(ctx.corpora.log), start_line: start, end_line: end };
  const first = resultText(await call(params));
  if (!first.includes(String(start).padStart(10, '0'))) throw new Error(`read_file did not return line ${start}`);
  const sed = async () => void (await runProcess('sed', ['-n', `${start},${end}p;${end}q`, ctx.corpora.log]));
  const paired = await alternate({ runs: ctx.runs, subject: async () => void (await call(params)), baseline: sed });
  const row = result(
    {
      id: 'read-log-range',
      title: `read_file, ${RANGE} lines at line ${start.toLocaleString('en-US')} of the log`,
      subjectLabel: `read_file ${RANGE} lines from line ${start} of a ${(ctx.corpora.logBytes / 2 ** 20).toFixed(0)} MiB log, through the pipeline`,
      baselineLabel: `sed -n '${start},${end}p;${end}q'`,
      unit: 'ms',
      target: { kind: 'ratio', limit: 1.5 },
    },
    paired,
  );
  if (!row.met && ctx.profileMisses) row.profile = await profileInProcess('read_file of the log range', () => call(params));
  return row;
}

interface ChildReport {
  maxRssKb: number;
  ms: number;
  lines: number;
}

/** Peak RSS, in a child process of its own, with and without the read. */
async function logRss(ctx: BenchContext): Promise<BenchResult> {
  const start = ctx.corpora.sizes.logReadLine;
  const script = join(benchRoot(), 'src/child/read-range.mjs');
  const child = (mode: 'read' | 'idle') => async () => {
    const run = await runProcess(
      process.execPath,
      [script, ctx.corpora.dir, basename(ctx.corpora.log), String(start), String(start + RANGE - 1), mode],
      { keepOutput: true },
    );
    const report = JSON.parse(run.stdout) as ChildReport;
    if (mode === 'read' && report.lines < RANGE) throw new Error(`the child read ${report.lines} lines`);
    return report.maxRssKb / 1024;
  };
  const paired = await alternate({ runs: ctx.runs, warmup: 0, subject: child('read'), baseline: child('idle') });
  return result(
    {
      id: 'read-log-rss',
      title: 'read_file of the log range, peak RSS',
      subjectLabel: 'maxRSS of a node process that builds the runtime and reads the range',
      baselineLabel: 'the same process without the read_file call',
      unit: 'MB',
      target: { kind: 'absolute', limit: 100 },
      notes: ['MB = MiB of resident memory (process.resourceUsage().maxRSS)'],
    },
    paired,
  );
}

async function sourceFile(ctx: BenchContext, call: Call): Promise<BenchResult> {
  const path = ctx.corpora.source;
  const params = { path: `files/${basename(path)}` };
  const shown = resultText(await call(params)).split('\n').length;
  const calls = ctx.smoke ? 5 : 50;
  const paired = await alternate({
    runs: Math.max(ctx.runs, 7),
    subject: () => perCallMicros(calls, () => call(params)).then((us) => us / 1000),
    baseline: () => perCallMicros(calls, () => readFile(path, 'utf8')).then((us) => us / 1000),
  });
  const row = result(
    {
      id: 'read-source',
      title: `read_file of the ${ctx.corpora.sizes.sourceLines.toLocaleString('en-US')}-line file`,
      subjectLabel: `read_file of a ${ctx.corpora.sizes.sourceLines}-line source file, through the pipeline`,
      baselineLabel: 'fs.readFile(path, "utf8") of the same file',
      unit: 'ms/call',
      target: { kind: 'absolute', limit: 5 },
      notes: [`the tool returns ${shown} lines (its 1,000-line window plus headers) and counts all lines`, `${calls} calls per sample`],
    },
    paired,
  );
  if (!row.met && ctx.profileMisses)
    row.profile = await profileInProcess('read_file of the source file ×20', async () => {
      for (let i = 0; i < 20; i++) await call(params);
    });
  return row;
}
