import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
 * `generated/` in every module): a `true` command through the sandbox (a slot of the
 * long-lived sandbox, or a bubblewrap of its own while that is made) against the same shell
 * started directly — back to back, a moment apart, and with every command's own bubblewrap —
 * and the masks for a command, cached per ignore-file version, against walking the tree for them.
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
  // CPU per command (this process's and its children's, the slots' included: they are reaped
  // through the command's parent), beside the wall figures: the machine is shared.
  const cpu = { subject: [] as number[], baseline: [] as number[] };
  const timed = async (
    service: ReturnType<typeof createSandboxService>,
    dir: string,
    onPrepared?: (p: { file: string; args: string[] }) => void,
  ): Promise<number> => {
    const cpuStart = cpuMs();
    const start = performance.now();
    const p = await service.prepare({ command: 'true', cwd: dir, shell: '/bin/bash', env: process.env });
    prepareMs.push(performance.now() - start);
    onPrepared?.(p);
    const run = await runProcess(p.file, p.args, { cwd: dir, env: p.env });
    if (run.code !== 0) throw new Error(`sandboxed true exited ${run.code}`);
    const ms = performance.now() - start;
    cpu.subject.push(cpuMs() - cpuStart);
    return ms;
  };
  const baseline = (dir: string) => async () => {
    const cpuStart = cpuMs();
    const ms = (await runProcess('/bin/bash', ['-c', 'true'], { cwd: dir })).ms;
    cpu.baseline.push(cpuMs() - cpuStart);
    return ms;
  };
  // The mean over the measured runs (the warm-ups come first); a mean, as one run's CPU is
  // counted in 10 ms ticks.
  const cpuOf = (measured: number) => {
    const mean = (a: number[]) => a.slice(-measured).reduce((x, y) => x + y, 0) / Math.max(1, Math.min(measured, a.length));
    const out = `${mean(cpu.subject).toFixed(1)} vs ${mean(cpu.baseline).toFixed(1)} ms of CPU per command`;
    cpu.subject = [];
    cpu.baseline = [];
    return out;
  };
  // Back to back, as the product runs by default: the first command gets its own bubblewrap
  // while the long-lived sandbox is made, the first slot runs the probe, the rest run in slots
  // (each made while the command before ran).
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
  const backToBackCpu = cpuOf(runs);
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
  cpuOf(0);
  // Every command with its own bubblewrap (warm: false): what a command costs with nothing paid ahead.
  const direct = createSandboxService({ roots: [cwd], ignore, warm: false });
  let directPaired: Awaited<ReturnType<typeof alternate>>;
  try {
    directPaired = await alternate({ runs, warmup: 2, subject: () => timed(direct, cwd), baseline: baseline(cwd) });
  } finally {
    await direct.dispose?.();
  }
  const directCpu = cpuOf(runs);
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
        'sandbox.prepare + the sandbox (a slot of the long-lived sandbox that holds every mask: nsenter + setpriv + env; its own bubblewrap while that is made) + bash -c true, to exit, back to back',
      baselineLabel: 'bash -c true, spawn to exit',
      unit: 'ms',
      target: { kind: 'added', limit: 15 },
      notes: [
        `${joined} of ${runs} back-to-back commands ran in a slot of the long-lived sandbox (joined: made once, with every mask; each slot made while the command before ran); the rest got their own bubblewrap (while it was made, or a slot was late); sandbox.prepare (waits included): median ${backToBackPrepare.toFixed(2)} ms; ${backToBackCpu}`,
        `every command with its own bubblewrap (warm: false; built per command, ${mounts} mounts: the root, read-only paths and every mask): ${added(directPaired)} ms added (${directPaired.subject.median.toFixed(1)} vs ${directPaired.baseline.median.toFixed(1)} ms); ${directCpu}`,
        `commands ${ctx.smoke ? 300 : 800} ms apart, in a slot (${spacedJoined} of ${spaced.subject.values.length} were): ${added(spaced)} ms added (${spaced.subject.median.toFixed(1)} vs ${spaced.baseline.median.toFixed(1)} ms)`,
        `in a workspace that hides nothing (${unmaskedMounts} mounts, own bubblewrap): ${added(unmasked)} ms added; so each of the ${mounts - unmaskedMounts} masks costs about ${perMask.toFixed(0)} µs`,
      ],
    },
    paired,
  );
}

/** CPU time of this process and its waited-for children so far, in ms (children from /proc: Linux only). */
function cpuMs(): number {
  const self = process.cpuUsage();
  let children = 0;
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    children = (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, in clock ticks of 10 ms
  } catch {
    // not Linux: this process only
  }
  return (self.user + self.system) / 1000 + children;
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
