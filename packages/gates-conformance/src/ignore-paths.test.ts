import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { createIgnoreService, createListingFilter } from '@quiver/ignore';
import { createWorkspace, type Workspace } from '@quiver/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IgnorePathCase } from './case-types.js';
import {
  BOTH_FILES_TREE,
  bothFilesCases,
  DESCEND,
  GIT_TREE,
  GITIGNORE_SETS,
  IGNORE_TREE,
  ignorePathCases,
  ROOT_LISTING_SHOWN,
} from './cases/p-ignore.js';
import { buildTree, type Fixture } from './fixture-tree.js';

let fx: Fixture;
let ws: Workspace;
let ignore: Awaited<ReturnType<typeof createIgnoreService>>;

beforeAll(async () => {
  fx = buildTree(IGNORE_TREE);
  ws = await createWorkspace([fx.at('root')]);
  ignore = await createIgnoreService(ws);
});
afterAll(() => fx.dispose());

async function verdict(row: IgnorePathCase): Promise<{ verdict: string; rule?: string }> {
  const p = await ws.resolve(fx.fill(row.input));
  if (!p.inside) return { verdict: 'outside' };
  const d = await ignore.checkPath(p, row.config.access);
  return d.allowed ? { verdict: 'allow' } : { verdict: 'deny', rule: d.rule };
}

for (const [rule, rows] of Object.entries(ignorePathCases)) {
  describe(`${rule} (${rows.length} rows)`, () => {
    for (const [i, row] of rows.entries()) {
      it(`#${i} ${row.description}`, async () => {
        const got = await verdict(row);
        expect(got.verdict, row.description).toBe(row.expected.verdict);
        if (row.expected.rule) expect(got.rule, row.description).toBe(row.expected.rule);
      });
    }
  });
}

describe(`.quiverignore and .clineignore together (${bothFilesCases.length} rows)`, () => {
  let bx: Fixture;
  let bws: Workspace;
  let service: Awaited<ReturnType<typeof createIgnoreService>>;
  beforeAll(async () => {
    bx = buildTree(BOTH_FILES_TREE);
    bws = await createWorkspace([bx.at('root')]);
    service = await createIgnoreService(bws);
  });
  afterAll(() => bx.dispose());
  for (const row of bothFilesCases) {
    it(row.description, async () => {
      const d = await service.checkPath(await bws.resolve(row.input), row.config.access);
      expect(d.allowed ? 'allow' : 'deny', row.description).toBe(row.expected.verdict);
      if (row.expected.rule) expect(d.rule).toBe(row.expected.rule);
    });
  }
});

describe('P7 listings', () => {
  it('a root listing leaves ignored entries out (lexical or resolved)', () => {
    const filter = createListingFilter(ignore);
    const shown = readdirSync(fx.at('root'), { withFileTypes: true })
      .filter((e) => filter.show(posix.join(fx.at('root'), e.name), e.isDirectory(), e.isSymbolicLink()))
      .map((e) => e.name);
    expect(shown.sort()).toEqual([...ROOT_LISTING_SHOWN].sort());
  });
  it('a recursive listing descends only into allowed folders and links that stay inside', () => {
    const filter = createListingFilter(ignore);
    for (const name of DESCEND.yes) expect(filter.descend(fx.at(`root/${name}`), name.endsWith('link')), name).toBe(true);
    for (const name of DESCEND.no) expect(filter.descend(fx.at(`root/${name}`), ['outlink', 'view'].includes(name)), name).toBe(false);
  });
});

/** Directories of the git tree (every proper prefix of a file path). */
function gitPaths(): string[] {
  const dirs = new Set<string>();
  for (const f of GIT_TREE) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return [...dirs, ...GIT_TREE];
}

describe(`P5 gitignore semantics against git check-ignore (${GITIGNORE_SETS.length} rule sets × ${gitPaths().length} paths)`, () => {
  let gx: Fixture;
  beforeAll(() => {
    gx = buildTree(GIT_TREE.map((f) => `root/${f}`));
    spawnSync('git', ['init', '-q'], { cwd: gx.at('root') });
  });
  afterAll(() => gx.dispose());

  for (const [i, lines] of GITIGNORE_SETS.entries()) {
    it(`set #${i}: ${JSON.stringify(lines)}`, async () => {
      const text = `${lines.join('\n')}\n`;
      writeFileSync(gx.at('root/.gitignore'), text);
      writeFileSync(gx.at('root/.quiverignore'), text);
      const paths = gitPaths();
      const git = spawnSync('git', ['-c', 'core.ignorecase=false', 'check-ignore', '--no-index', '--stdin'], {
        cwd: gx.at('root'),
        input: paths.join('\n'),
        encoding: 'utf8',
      });
      expect([0, 1]).toContain(git.status);
      const byGit = new Set(git.stdout.split('\n').filter(Boolean));
      const gws = await createWorkspace([gx.at('root')]);
      const service = await createIgnoreService(gws);
      const mismatches: string[] = [];
      for (const p of paths) {
        const d = await service.checkPath(await gws.resolve(p), 'read');
        const expected = byGit.has(p);
        if (d.allowed === expected) mismatches.push(`${p}: git says ${expected ? 'ignored' : 'not ignored'}`);
      }
      service.dispose();
      expect(mismatches).toEqual([]);
    });
  }
});
