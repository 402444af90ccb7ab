// Pins the public API: adding or removing an export from src/index.ts must show up here.
import { expect, it } from 'vitest';

it('exports exactly these names', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual(
    [
      'BWRAP_ENV',
      'DEFAULT_DENY_READ',
      'buildBwrapArgs',
      'createMaskCache',
      'createSandboxService',
      'formatSandboxReport',
      'isHostAllowed',
      'probeBubblewrap',
      'resolveSandboxSettings',
      'SANDBOX_MODES',
      'sandboxConfigSection',
      'sandboxSettingsSchema',
      'walkMasks',
    ].sort(),
  );
});
