import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createIgnoreService } from '@quiver/ignore';
import { createMaskCache, createSandboxService, probeBubblewrap, walkMasks } from '@quiver/sandbox';
import { createWorkspace } from '@quiver/workspace';
import type { BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { alternate, median } from '../measure.js';
import { runProcess } from '../run-process.js';

/**
 * The sandbox's cost, in the ~100,000-file tree (its `.quiverignore` hides `secrets/` and
 * `generated/` in every module): a `true` command through the sandbox (bubblewrap with every
 * mask mounted, or the sandbox made one command ahead, joined) against the same shell started
 * directly — back to back, a moment apart, and with every command's own bubblewrap — and the
 * masks for a command, cached per ignore-file version, against walking the tree for them.
 */
export async function benchSandbox(ctx: BenchContext): Promise<BenchResult[]> {
  const probe = await probeBubblewrap();
  if (!probe.available) {
    ctx.log(`  skipped: ${probe.reason}`);
    return [];
  }
  const workspace = await createWorkspace([ctx.corpora.tree]);
  const ignore = await createIgnoreService(workspace);
  const roots = workspace.roots.map((r) => r.path);
  const sandbox = createSandboxService({ roots, ignore });
  try {
    return [await overheadRow(ctx, sandbox, ignore, roots[0]!), await maskRow(ctx, ignore, roots)];
  } finally {
    ignore.dispose();
    await sandbox.dispose?.();
  }
}

async function overheadRow(
  ctx: BenchContext,
  sandbox: ReturnType<typeof createSandboxService>,
  ignore: Awaited<ReturnType<typeof createIgnoreService>>,
  cwd: string,
): Promise<BenchResult> {
  let mounts = 0;
  // Whether each run joined a sandbox made ahead; the warm-up runs come first, so the last `n` are the measured ones.
  const joinedRuns: boolean[] = [];
  const joinedOf = (runsCounted: number): number => joinedRuns.splice(0).slice(-runsCounted).filter(Boolean).length;
  const prepareMs: number[] = [];
  const runs = Math.max(ctx.runs, ctx.smoke ? 3 : 15);
  const timed = async (
    service: ReturnType<typeof createSandboxService>,
    dir: string,
    onPrepared?: (p: { file: string; args: string[] }) => void,
  ): Promise<number> => {
    const start = performance.now();
    const p = await service.prepare({ command: 'true', cwd: dir, shell: '/bin/bash', env: process.env });
    prepareMs.push(performance.now() - start);
    onPrepared?.(p);
    const run = await runProcess(p.file, p.args, { cwd: dir, env: p.env });
    if (run.code !== 0) throw new Error(`sandboxed true exited ${run.code}`);
    return performance.now() - start;
  };
  const baseline = (dir: string) => async () => (await runProcess('/bin/bash', ['-c', 'true'], { cwd: dir })).ms;
  // Back to back, as the product runs by default: a command joins the sandbox made ahead
  // when it is ready in time, and waits for it (or gets its own bubblewrap) when it is not.
  const paired = await alternate({
    runs,
    warmup: 2,
    subject: () =>
      timed(sandbox, cwd, (p) => {
        joinedRuns.push(p.file.endsWith('nsenter'));
        if (!p.file.endsWith('nsenter')) mounts = countMounts(p.args);
      }),
    baseline: baseline(cwd),
  });
  const backToBackPrepare = median(prepareMs.splice(0));
  const joined = joinedOf(runs);
  // Each command a moment after the last (an agent's commands are seconds apart): it joins
  // the sandbox made ahead while nothing was running. Only the command is timed.
  const spaced = await alternate({
    runs: ctx.smoke ? 3 : 9,
    subject: async () => {
      await new Promise((r) => setTimeout(r, ctx.smoke ? 300 : 800));
      return timed(sandbox, cwd, (p) => void joinedRuns.push(p.file.endsWith('nsenter')));
    },
    baseline: baseline(cwd),
  });
  const spacedJoined = joinedOf(spaced.subject.values.length);
  // Every command with its own bubblewrap (warm: false): what a command costs with nothing paid ahead.
  const direct = createSandboxService({ roots: [cwd], ignore, warm: false });
  let directPaired: Awaited<ReturnType<typeof alternate>>;
  try {
    directPaired = await alternate({ runs, warmup: 2, subject: () => timed(direct, cwd), baseline: baseline(cwd) });
  } finally {
    await direct.dispose?.();
  }
  // The same in a workspace that hides nothing: what bubblewrap costs before any mask.
  const empty = mkdtempSync(join(tmpdir(), 'quiver-bench-sandbox-'));
  const bare = createSandboxService({ roots: [empty], warm: false });
  let unmasked: Awaited<ReturnType<typeof alternate>>;
  let unmaskedMounts = 0;
  try {
    unmasked = await alternate({
      runs,
      subject: () => timed(bare, empty, (p) => (unmaskedMounts = countMounts(p.args))),
      baseline: baseline(empty),
    });
  } finally {
    await bare.dispose?.();
    rmSync(empty, { recursive: true, force: true });
  }
  const added = (p: typeof paired) => (p.subject.median - p.baseline.median).toFixed(1);
  const perMask = ((Number(added(directPaired)) - Number(added(unmasked))) / Math.max(1, mounts - unmaskedMounts)) * 1000;
  return result(
    {
      id: 'sandbox-overhead',
      title: 'Sandbox: per-command overhead (`true`)',
      subjectLabel:
        'sandbox.prepare + the sandbox (bubblewrap: new namespaces, every mask; joined when made ahead in time) + bash -c true, to exit, back to back',
      baselineLabel: 'bash -c true, spawn to exit',
      unit: 'ms',
      target: { kind: 'added', limit: 15 },
      notes: [
        `${joined} of ${runs} back-to-back commands joined a sandbox made ahead (the rest waited for it or got their own); sandbox.prepare (waits included): median ${backToBackPrepare.toFixed(2)} ms`,
        `every command with its own bubblewrap (warm: false; ${mounts} mounts: the root, read-only paths and every mask): ${added(directPaired)} ms added (${directPaired.subject.median.toFixed(1)} vs ${directPaired.baseline.median.toFixed(1)} ms)`,
        `commands ${ctx.smoke ? 300 : 800} ms apart, joining the sandbox made ahead (${spacedJoined} of ${spaced.subject.values.length} did): ${added(spaced)} ms added (${spaced.subject.median.toFixed(1)} vs ${spaced.baseline.median.toFixed(1)} ms); its bubblewrap's CPU was paid before the command`,
        `in a workspace that hides nothing (${unmaskedMounts} mounts, own bubblewrap): ${added(unmasked)} ms added; so each of the ${mounts - unmaskedMounts} masks costs about ${perMask.toFixed(0)} µs`,
      ],
    },
    paired,
  );
}

function countMounts(args: readonly string[]): number {
  return args.filter((a) => a === '--ro-bind' || a === '--bind' || a === '--tmpfs').length;
}

async function maskRow(ctx: BenchContext, ignore: Awaited<ReturnType<typeof createIgnoreService>>, roots: string[]): Promise<BenchResult> {
  const cache = createMaskCache({
    roots,
    version: () => ignore.rulesVersion(),
    filter: () => ignore.listingFilter(),
    visible: () => ignore.ruleFiles(),
  });
  try {
    const count = (await cache.masks()).length;
    const paired = await alternate({
      runs: Math.max(ctx.runs, ctx.smoke ? 3 : 9),
      subject: async () => void (await cache.masks()),
      baseline: () => void walkMasks(roots, ignore.listingFilter(), new Set(ignore.ruleFiles())),
    });
    return maskResult(ctx, paired, count);
  } finally {
    cache.dispose();
  }
}

function maskResult(ctx: BenchContext, paired: Awaited<ReturnType<typeof alternate>>, count: number): BenchResult {
  return result(
    {
      id: 'sandbox-masks',
      title: `Sandbox: masks for ${ctx.corpora.treeFiles.toLocaleString('en')} files, cached per ignore-file version`,
      subjectLabel:
        'masks for a command: ignore-file version + the events of the watched folders (inotify; a folder read again only after an event in it)',
      baselineLabel: 'computing them: one walk of the tree, not entering hidden folders',
      unit: 'ms',
      target: { kind: 'absolute', limit: 20 },
      notes: [`${count} masks`],
    },
    paired,
  );
}
