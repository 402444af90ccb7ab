import { createIgnoreService } from '@quiver/ignore';
import { createWorkspace } from '@quiver/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenCase } from './case-types.js';
import { NO_IGNORE_TREE, noIgnoreCases, ONLY_IGNORE_FILE_TREE, onlyIgnoreFileCases, SCREEN_TREE, screenCases } from './cases/i-screen.js';
import { buildTree, type Fixture, type TreeEntry } from './fixture-tree.js';

const savedHome = process.env.HOME;
afterAll(() => {
  process.env.HOME = savedHome;
});

/** Run every row of `tables` against a fresh fixture built from `tree`. */
function suite(title: string, tree: TreeEntry[], tables: Record<string, ScreenCase[]>): void {
  describe(title, () => {
    let fx: Fixture;
    let check: (command: string, cwd: string) => Promise<{ allowed: boolean; rule?: string }>;
    beforeAll(async () => {
      fx = buildTree([...tree, 'home/']);
      const service = await createIgnoreService(await createWorkspace([fx.at('root')]));
      check = (command, cwd) => service.checkCommand(command, cwd);
    });
    afterAll(() => fx.dispose());
    for (const [name, rows] of Object.entries(tables)) {
      describe(`${name} (${rows.length} rows)`, () => {
        for (const [i, row] of rows.entries()) {
          it(`#${i} ${row.description.slice(0, 150)}`, async () => {
            process.env.HOME = fx.at(row.config?.home ?? 'home');
            const got = await check(fx.fill(row.input), fx.at(`root/${row.config?.cwd ?? '.'}`));
            const where = `${row.description}: ${JSON.stringify(row.input)}`;
            expect(got.allowed, where).toBe(row.expected.allowed);
            if (!row.expected.allowed && row.expected.rule) expect(got.rule, where).toBe(row.expected.rule);
          });
        }
      });
    }
  });
}

suite('ignore screen', SCREEN_TREE, screenCases);
suite('ignore screen, a root whose ignore file matches nothing', ONLY_IGNORE_FILE_TREE, { I4: onlyIgnoreFileCases });
suite('ignore screen, no ignore file', NO_IGNORE_TREE, { none: noIgnoreCases });
