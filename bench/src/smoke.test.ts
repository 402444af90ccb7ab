// Smoke pass of every benchmark on tiny corpora: each must produce its rows with finite
// medians and ratios. The values are not judged (CI machines vary); `pnpm bench` does that.
// Needs the build (`pnpm test` builds first): `quiver exec`, `quiver mcp` and the RSS child
// run the built packages.
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchRoot, ripgrepBinary, type BenchContext } from './bench-context.js';
import type { BenchResult } from './bench-result.js';
import { ensureCorpora, LOG_LINE_BYTES, SMOKE_SIZES } from './corpora.js';
import { alternate, median } from './measure.js';
import { profileInProcess } from './profile.js';
import { renderReport } from './report.js';
import { BENCHMARKS } from './run-all.js';

const CLI_BIN = join(benchRoot(), '../apps/cli/dist/bin.js');
let dir: string;
let ctx: BenchContext;
const produced: BenchResult[] = [];

beforeAll(async () => {
  if (!existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: build first (pnpm test builds before running the tests).`);
  dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-bench-smoke-')));
  const corpora = ensureCorpora(join(dir, 'corpora'), SMOKE_SIZES);
  const scratch = join(dir, 'scratch');
  mkdirSync(scratch);
  ctx = {
    corpora,
    runs: 2,
    smoke: true,
    profileMisses: false,
    repoRoot: join(benchRoot(), '..'),
    cliBin: CLI_BIN,
    rgPath: await ripgrepBinary(),
    scratch,
    log: () => {},
  };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('tiny corpora', () => {
  it('are generated with numbered log lines and reused when present', () => {
    const again = ensureCorpora(join(dir, 'corpora'), SMOKE_SIZES);
    expect(again.treeFiles).toBe(ctx.corpora.treeFiles);
    expect(ctx.corpora.treeFiles).toBeGreaterThan(100);
    expect(ctx.corpora.identFiles).toBeGreaterThan(0);
    expect(ctx.corpora.logBytes).toBe(SMOKE_SIZES.logLines * LOG_LINE_BYTES);
  });
});

describe.each(BENCHMARKS.map((b) => [b.name, b] as const))('benchmark: %s', (_name, benchmark) => {
  it('produces rows with a finite median and ratio on both sides', { timeout: 180_000 }, async () => {
    const rows = await benchmark.run(ctx);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Number.isFinite(r.subject.median), `${r.id} subject median`).toBe(true);
      expect(Number.isFinite(r.baseline.median), `${r.id} baseline median`).toBe(true);
      expect(Number.isFinite(r.ratio), `${r.id} ratio`).toBe(true);
      expect(Number.isFinite(r.figure), `${r.id} figure`).toBe(true);
      expect(typeof r.met).toBe('boolean');
    }
    produced.push(...rows);
  });
});

describe('measurement and report', () => {
  it('alternates the two sides and takes medians', async () => {
    const order: string[] = [];
    const side = (name: string, value: number) => () => {
      order.push(name);
      return value;
    };
    const p = await alternate({ runs: 3, warmup: 0, subject: side('s', 2), baseline: side('b', 1) });
    expect(order).toEqual(['s', 'b', 'b', 's', 's', 'b']);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(p.ratio).toBe(2);
  });

  it('profiles a function and names where its time went', async () => {
    const summary = await profileInProcess('a busy loop', async () => {
      let x = 0;
      for (let i = 0; i < 2e6; i++) x += Math.sqrt(i);
      return x;
    });
    expect(summary.totalMs).toBeGreaterThan(0);
    expect(summary.top.length).toBeGreaterThan(0);
  });

  it('renders every produced row into the results table', () => {
    const md = renderReport(produced, { date: new Date(0), runs: 2, corpora: ctx.corpora, seconds: 1, loadAtStart: 0 });
    for (const r of produced) expect(md).toContain(`| ${r.title} |`);
    expect(md).toContain('Node: v');
  });
});
