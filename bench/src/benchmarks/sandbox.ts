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
 * mask mounted) against the same shell started directly, and the masks for a command, cached
 * per ignore-file version, against walking the tree for them.
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
    return [await overheadRow(ctx, sandbox, roots[0]!), await maskRow(ctx, ignore, roots)];
  } finally {
    ignore.dispose();
    await sandbox.dispose?.();
  }
}

async function overheadRow(ctx: BenchContext, sandbox: ReturnType<typeof createSandboxService>, cwd: string): Promise<BenchResult> {
  let mounts = 0;
  const prepareMs: number[] = [];
  const runs = Math.max(ctx.runs, ctx.smoke ? 3 : 15);
  const paired = await alternate({
    runs,
    warmup: 2,
    subject: async () => {
      const start = performance.now();
      const p = await sandbox.prepare({ command: 'true', cwd, shell: '/bin/bash', env: process.env });
      prepareMs.push(performance.now() - start);
      mounts = countMounts(p.args);
      const run = await runProcess(p.file, p.args, { cwd, env: p.env });
      if (run.code !== 0) throw new Error(`sandboxed true exited ${run.code}`);
      return performance.now() - start;
    },
    baseline: async () => (await runProcess('/bin/bash', ['-c', 'true'], { cwd })).ms,
  });
  // The same in a workspace that hides nothing: what bubblewrap costs before any mask.
  const empty = mkdtempSync(join(tmpdir(), 'quiver-bench-sandbox-'));
  const bare = createSandboxService({ roots: [empty] });
  let unmasked: Awaited<ReturnType<typeof alternate>>;
  let unmaskedMounts = 0;
  try {
    unmasked = await alternate({
      runs,
      subject: async () => {
        const start = performance.now();
        const p = await bare.prepare({ command: 'true', cwd: empty, shell: '/bin/bash', env: process.env });
        unmaskedMounts = countMounts(p.args);
        await runProcess(p.file, p.args, { cwd: empty, env: p.env });
        return performance.now() - start;
      },
      baseline: async () => (await runProcess('/bin/bash', ['-c', 'true'], { cwd: empty })).ms,
    });
  } finally {
    await bare.dispose?.();
    rmSync(empty, { recursive: true, force: true });
  }
  const added = (p: typeof paired) => (p.subject.median - p.baseline.median).toFixed(1);
  return result(
    {
      id: 'sandbox-overhead',
      title: 'Sandbox: per-command overhead (`true`)',
      subjectLabel: 'sandbox.prepare + bwrap (new namespaces, every mask: a bind per file, a tmpfs per folder) + bash -c true, to exit',
      baselineLabel: 'bash -c true, spawn to exit',
      unit: 'ms',
      target: { kind: 'added', limit: 15 },
      notes: [
        `${mounts} mounts (the root, read-only paths and every mask)`,
        `sandbox.prepare alone (masks kept fresh by inotify): median ${median(prepareMs).toFixed(2)} ms`,
        `the same in a workspace that hides nothing (${unmaskedMounts} mounts): ${added(unmasked)} ms added; so each of the ${mounts - unmaskedMounts} masks costs about ${(((Number(added(paired)) - Number(added(unmasked))) / Math.max(1, mounts - unmaskedMounts)) * 1000).toFixed(0)} µs (a tmpfs per hidden folder: bubblewrap's binds re-read the mount table)`,
      ],
    },
    paired,
  );
}

function countMounts(args: readonly string[]): number {
  return args.filter((a) => a === '--ro-bind' || a === '--bind' || a === '--tmpfs').length;
}

async function maskRow(ctx: BenchContext, ignore: Awaited<ReturnType<typeof createIgnoreService>>, roots: string[]): Promise<BenchResult> {
  const cache = createMaskCache({ roots, version: () => ignore.rulesVersion(), filter: () => ignore.listingFilter(), visible: () => ignore.ruleFiles() });
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
      subjectLabel: 'masks for a command: ignore-file version + the events of the watched folders (inotify; a folder read again only after an event in it)',
      baselineLabel: 'computing them: one walk of the tree, not entering hidden folders',
      unit: 'ms',
      target: { kind: 'absolute', limit: 20 },
      notes: [`${count} masks`],
    },
    paired,
  );
}
