// The error catalogue, docs/errors.md, is generated from the declarations: core's codes, the
// shared packages' and hosts' codes, and each first-party plugin's `definePlugin({ errors })`.
// This test fails when the file is out of step; `QUIVER_WRITE_DOCS=1` rewrites it.
import { readFileSync, writeFileSync } from 'node:fs';
import { AGENT_ERRORS } from '@quiver/agent';
import { ERROR_CODES, type ErrorCodes } from '@quiver/core';
import { buildErrorCatalogue, ERROR_CODE_PATTERN, isPluginDefinition, type ErrorCatalogueEntry } from '@quiver/core/host';
import { MCP_ERRORS } from '@quiver/mcp-hub';
import { describe, expect, it } from 'vitest';
import { CLI_ERRORS } from './cli-errors.js';
import { DEFAULT_PLUGINS } from './default-preset.js';

const DOC = new URL('../../../docs/errors.md', import.meta.url);

const INTRO = `# Quiver error codes

<!-- Generated from the packages' defineErrorCodes(...) declarations by
apps/cli/src/error-catalogue.test.ts (QUIVER_WRITE_DOCS=1 rewrites it). Do not edit by hand. -->

Every error Quiver raises is a \`QuiverError\` with a stable code of the form
\`QUIVER_ERR_<AREA>_<WHAT>\`. Codes are never renamed or reused. Each package declares the
codes it raises with \`defineErrorCodes(owner, {...})\` (a plugin passes them to
\`definePlugin({ errors })\`), and this catalogue is generated from those declarations; a code
declared by two packages is refused. Detect errors with \`isQuiverError(e)\` and compare
\`e.code\` with the owner's constants (\`ERROR_CODES.*\` for core's), never with \`instanceof\`
(a plugin may bring its own copy of \`@quiver/core\`). Errors also carry structured fields —
\`plugin\`, \`tool\`, \`hook\`, \`gate\`, \`file\`, \`key\`, \`rule\` — so a host can show them
without parsing the message.

Errors inside a tool call never escape the executor: they become an error result
(\`isError: true\`) whose \`code\` is one of these. Config, manifest and registration errors
are thrown at start-up.
`;

async function declarations(): Promise<ErrorCodes[]> {
  const plugins: ErrorCodes[] = [];
  for (const name of [...DEFAULT_PLUGINS, '@quiver/plugin-cline-hooks']) {
    const plugin = ((await import(name)) as { default: unknown }).default;
    if (isPluginDefinition(plugin) && plugin.errors) plugins.push(plugin.errors);
  }
  return [ERROR_CODES, MCP_ERRORS, AGENT_ERRORS, CLI_ERRORS, ...plugins];
}

function render(entries: readonly ErrorCatalogueEntry[]): string {
  const owners = [...new Set(entries.map((e) => e.owner))];
  const sections = owners.map((owner) => {
    const rows = entries.filter((e) => e.owner === owner).map((e) => `| \`${e.code}\` | ${e.meaning} | ${e.fix} |`);
    return `## ${owner}\n\n| Code | Meaning | How to fix |\n| --- | --- | --- |\n${rows.join('\n')}\n`;
  });
  return [INTRO, ...sections].join('\n');
}

describe('the error catalogue', () => {
  it('docs/errors.md is generated from the declarations', async () => {
    const text = render(buildErrorCatalogue(await declarations()));
    if (process.env.QUIVER_WRITE_DOCS === '1') writeFileSync(DOC, text);
    expect(readFileSync(DOC, 'utf8')).toBe(text);
  });

  it('every code has the shape QUIVER_ERR_<AREA>_<WHAT>, one owner, a meaning and a fix', async () => {
    const entries = buildErrorCatalogue(await declarations());
    for (const e of entries) {
      expect(e.code).toMatch(ERROR_CODE_PATTERN);
      expect(e.meaning.length, e.code).toBeGreaterThan(10);
      expect(e.fix.length, e.code).toBeGreaterThan(10);
    }
    expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length);
  });

  it('no plugin declares a core code, and core declares none of a plugin', async () => {
    const core = new Set(Object.values(ERROR_CODES));
    for (const d of (await declarations()).slice(1)) {
      for (const code of Object.values(d)) expect(core.has(code as never), code).toBe(false);
    }
  });
});
