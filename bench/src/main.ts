#!/usr/bin/env node
/**
 * `pnpm bench`: generate (or reuse) the corpora, run every benchmark beside its baseline and
 * write bench/results.md. Options: `--runs N` (default 9, at least 5), `--only <substring>`
 * (run the benchmarks whose name contains it; the report then goes to
 * bench/results.tmp/results.partial.md), `--no-profile`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchRoot, ripgrepBinary, type BenchContext } from './bench-context.js';
import { defaultCorpusDir, ensureCorpora, FULL_SIZES } from './corpora.js';
import { FIXES } from './fixes.js';
import { loadNow, renderReport } from './report.js';
import { runAll } from './run-all.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, only: { type: 'string' }, 'no-profile': { type: 'boolean' } } });
  const runs = Math.max(5, Number(values.runs ?? 9));
  const root = benchRoot();
  const repoRoot = join(root, '..');
  const cliBin = join(repoRoot, 'apps/cli/dist/bin.js');
  if (!existsSync(cliBin)) throw new Error(`${cliBin} is missing: run \`pnpm bench\` from the repository root (it builds first).`);
  const began = Date.now();
  const loadAtStart = loadNow();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const corpora = ensureCorpora(defaultCorpusDir(), FULL_SIZES, log);
  const scratch = join(corpora.dir, 'scratch');
  mkdirSync(scratch, { recursive: true });
  const ctx: BenchContext = {
    corpora,
    runs,
    smoke: false,
    profileMisses: !values['no-profile'],
    repoRoot,
    cliBin,
    rgPath: await ripgrepBinary(),
    scratch,
    log,
  };
  const only = values.only;
  const results = await runAll(ctx, only ? (name) => name.includes(only) : undefined);
  const revision = describeRevision(repoRoot);
  const report = renderReport(results, {
    date: new Date(),
    runs,
    corpora,
    seconds: (Date.now() - began) / 1000,
    loadAtStart,
    loadAtEnd: loadNow(),
    fixes: FIXES,
    revision,
  });
  const out = only ? join(root, 'results.tmp', 'results.partial.md') : join(root, 'results.md');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, report);
  log(`\n${results.filter((r) => r.met).length} of ${results.length} targets met; wrote ${out}`);
}

/** `commit abc1234` plus a note when the tree (and so the built packages) had uncommitted changes. */
function describeRevision(repoRoot: string): string | undefined {
  const git = (args: string[]) => spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  const head = git(['rev-parse', '--short', 'HEAD']);
  if (head.status !== 0) return undefined;
  const dirty = git(['status', '--porcelain', '--untracked-files=no']).stdout.trim() !== '';
  return `commit ${head.stdout.trim()}${dirty ? ' (the work tree also had uncommitted changes, built into the packages measured)' : ''}`;
}

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
