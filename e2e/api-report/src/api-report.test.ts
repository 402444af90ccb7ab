// Every public package entry's API is pinned by a committed report (scripts/api-report.mjs),
// generated from the built declarations: a changed export, signature or reachable type fails
// here until `pnpm api:update` rewrites the report and the change is reviewed with it.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repo, no declarations
import { apiEntries, buildReports } from '../../../scripts/api-report.mjs';

const root = join(import.meta.dirname, '../../..');
type Entry = { name: string; file: string; entry: string };
const entries = apiEntries() as Entry[];
const reports = buildReports(entries) as Map<string, string>;

describe('API reports', () => {
  it('cover every public package', () => {
    const names = entries.map((e) => e.name);
    expect(names).toContain('@quiver/core');
    expect(names).toContain('@quiver/runtime');
    expect(names).toContain('@quiver/tool-read-file');
  });

  it.each(entries.map((e) => [e.name, e] as const))('%s matches its committed report (else run `pnpm api:update`)', (_name, e) => {
    const file = relative(root, e.file);
    expect(existsSync(e.file), `${file} is missing: run \`pnpm api:update\` and commit it`).toBe(true);
    expect(readFileSync(e.file, 'utf8'), `${file} differs from the built API: if the change is intended, run \`pnpm api:update\``).toBe(
      reports.get(e.file),
    );
  });

  it('a plugin package exports its plugin as the default export', () => {
    for (const e of entries.filter((x) => /\/(tool|plugin)-/.test(x.name))) {
      expect(reports.get(e.file), e.name).toMatch(/exported as default|declare const _default/);
    }
  });
});
