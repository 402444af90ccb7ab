import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { alternate } from '../measure.js';
import { summariseProfileDir } from '../profile.js';
import { runProcess } from '../run-process.js';

/**
 * `quiver exec read_file` on a small file, from process start to the printed result and
 * exit, against `node -e 0` (the floor of any Node CLI).
 */
export async function benchExecStartup(ctx: BenchContext): Promise<BenchResult[]> {
  const cwd = ctx.corpora.files;
  const file = ctx.corpora.small[0];
  const args = [ctx.cliBin, 'exec', 'read_file', JSON.stringify({ path: file }), '--cwd', cwd];
  const exec = async () => {
    const run = await runProcess(process.execPath, args, { cwd, keepOutput: true });
    if (!run.stdout.includes('small file 0')) throw new Error(`quiver exec printed: ${run.stdout}`);
    return run.ms;
  };
  const paired = await alternate({
    runs: Math.max(ctx.runs, ctx.smoke ? 2 : 10),
    warmup: 2,
    subject: exec,
    baseline: async () => (await runProcess(process.execPath, ['-e', '0'])).ms,
  });
  const row = result(
    {
      id: 'exec-startup',
      title: '`quiver exec read_file`, start to result',
      subjectLabel: `node apps/cli/dist/bin.js exec read_file '{"path":"${file}"}' (spawn to exit)`,
      baselineLabel: 'node -e 0 (spawn to exit)',
      unit: 'ms',
      target: { kind: 'ratio', limit: 2 },
    },
    paired,
  );
  if (!row.met && ctx.profileMisses) {
    const dir = join(ctx.scratch, 'exec-profile');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await runProcess(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, ...args], { cwd });
    row.profile = summariseProfileDir('one `quiver exec read_file` process (node --cpu-prof)', dir);
  }
  return [row];
}
