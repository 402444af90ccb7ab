import { posix } from 'node:path';
import { statSync } from 'node:fs';
import { createWorkspace, type Workspace } from '@quiver/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PathCase } from './case-types.js';
import { PATH_TREE, pathCases } from './cases/p-paths.js';
import { buildTree, type Fixture } from './fixture-tree.js';

let fx: Fixture;
const workspaces = new Map<string, Workspace>();
const savedHome = process.env.HOME;

beforeAll(() => {
  fx = buildTree(PATH_TREE);
});
afterAll(() => {
  process.env.HOME = savedHome;
  fx.dispose();
});

async function workspaceFor(roots: string[]): Promise<Workspace> {
  const key = roots.join('|');
  if (!workspaces.has(key)) workspaces.set(key, await createWorkspace(roots.map((r) => fx.at(r))));
  return workspaces.get(key)!;
}

/** The verdict of the path gates for one row: P2/P3 refusal, outside (P4), or inside. */
async function verdict(row: PathCase): Promise<{ verdict: string; rule?: string; resolved?: string }> {
  const ws = await workspaceFor(row.config?.roots ?? ['root']);
  process.env.HOME = fx.at(row.config?.home ?? 'home');
  try {
    const r = await ws.resolve(fx.fill(row.input));
    return { verdict: r.inside ? 'inside' : 'outside', resolved: r.resolved };
  } catch (e) {
    return { verdict: 'deny', rule: (e as { rule?: string }).rule };
  }
}

const expectedPath = (resolved: string) => (resolved.startsWith('/') ? resolved : posix.join(fx.base, resolved));

for (const [rule, rows] of Object.entries(pathCases)) {
  describe(`${rule} (${rows.length} rows)`, () => {
    for (const [i, row] of rows.entries()) {
      it(`#${i} ${row.description.slice(0, 150)}`, async () => {
        const got = await verdict(row);
        const where = `${row.description}: ${JSON.stringify(row.input).slice(0, 200)}`;
        expect(got.verdict, where).toBe(row.expected.verdict);
        if (row.expected.rule) expect(got.rule, where).toBe(row.expected.rule);
        if (row.expected.resolved !== undefined) expect(got.resolved, where).toBe(expectedPath(row.expected.resolved));
      });
    }
  });
}

describe('P3 fixture agrees with the kernel', () => {
  it('40 links resolve and 41 loop (MAXSYMLINKS)', () => {
    expect(statSync(fx.at('root/c40_0')).isFile()).toBe(true);
    expect(() => statSync(fx.at('root/c41_0'))).toThrow(/ELOOP/);
  });
});
