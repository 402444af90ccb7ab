import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'CLINE_HOOKS_PACKAGE',
    'DEFAULT_HOOK_TIMEOUT_MS',
    'MAX_CONTEXT_CHARS',
    'checkHookDirs',
    'clineHookInput',
    'clineHooksPlugin',
    'default',
    'findHookScripts',
    'parseClineHookOutput',
    'runHookScripts',
  ]);
  expect(api.default.tools).toEqual([]);
});
