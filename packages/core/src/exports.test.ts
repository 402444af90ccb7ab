// Pins the runtime names of both entries: adding or removing an export from src/index.ts (the
// plugin API) or src/host.ts (the host API) must show up here. The types are pinned by the API
// reports (api-report/*.api.md, `pnpm api:update`).
import { expect, it } from 'vitest';

it('the plugin API (`@quiver/core`) exports exactly these names', async () => {
  const names = Object.keys(await import('./index.js')).sort();
  expect(names).toMatchInlineSnapshot();
});

it('the host API (`@quiver/core/host`) exports exactly these names', async () => {
  const names = Object.keys(await import('./host.js')).sort();
  expect(names).toMatchInlineSnapshot();
});

it('no name is exported by both entries (one home per name)', async () => {
  const plugin = new Set(Object.keys(await import('./index.js')));
  expect(Object.keys(await import('./host.js')).filter((n) => plugin.has(n))).toEqual([]);
});
