import { createCommandPermissions, resolveCommandPermissionsConfig } from '@quiver/shell';
import { describe, expect, it } from 'vitest';
import type { CommandCase } from './case-types.js';
import { commandTables } from './cases/command-cases.js';

/** Run one row through the public API, the way the CLI and the pipeline build the service. */
async function verdict(row: CommandCase): Promise<{ allowed: boolean; rule?: string }> {
  const config = row.config === null ? undefined : resolveCommandPermissionsConfig(row.config, {});
  const decision = await createCommandPermissions(config).check(row.input);
  return { allowed: decision.allowed, rule: decision.rule };
}

function expectation(row: CommandCase, got: { allowed: boolean; rule?: string }): void {
  const where = `${row.description}\n  input: ${JSON.stringify(row.input).slice(0, 300)}\n  config: ${JSON.stringify(row.config)}`;
  expect(got.allowed, where).toBe(row.expected.allowed);
  if (!row.expected.allowed && row.expected.rule) expect(got.rule, where).toBe(row.expected.rule);
  if (!row.expected.allowed && row.expected.ruleOneOf) expect(row.expected.ruleOneOf, where).toContain(got.rule);
}

for (const [rule, rows] of Object.entries(commandTables)) {
  describe(`${rule} (${rows.length} rows)`, () => {
    for (const [i, row] of rows.entries()) {
      const title = `#${i} ${row.description.slice(0, 160)}`;
      if (row.knownGap) it.fails(`${title} [known gap: ${row.knownGap}]`, async () => expectation(row, await verdict(row)));
      else it(title, async () => expectation(row, await verdict(row)));
    }
  });
}
