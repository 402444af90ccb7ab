import { describe, expect, test } from 'vitest';
import { baselineChains, baselineCharacters, baselineLists, baselineNesting, type PermissionCase } from './cases.js';
import { createCommandPermissions } from './command-permissions.js';
import { resolveCommandPermissionsConfig } from './resolve-config.js';
import { ruleCases } from './rule-cases.js';

const groups: Record<string, PermissionCase[]> = {
  '§14.1 lists': baselineLists,
  '§14.1 chains': baselineChains,
  '§14.1 nesting and redirects': baselineNesting,
  '§14.1 characters and attacks': baselineCharacters,
  ...ruleCases,
};

for (const [group, cases] of Object.entries(groups)) {
  describe(group, () => {
    test.each(cases.map((c) => [JSON.stringify(c.command).slice(0, 120), c] as const))('%s', async (_name, c) => {
      const config = resolveCommandPermissionsConfig(c.config, {});
      const decision = await createCommandPermissions(config).check(c.command);
      const expected: Record<string, unknown> = { allowed: c.allowed };
      const actual: Record<string, unknown> = { allowed: decision.allowed };
      for (const key of ['rule', 'reason', 'pattern', 'segment'] as const) {
        if (c[key] !== undefined) {
          expected[key] = c[key];
          actual[key] = decision[key];
        }
      }
      expect(actual, decision.message).toEqual(expected);
      if (!decision.allowed) expect(decision.message).toMatch(/^Command ".*" was denied by the command permissions \(R\d\): /s);
    });
  });
}
