import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'MAX_SYMLINK_HOPS',
    'countInotifyEvent',
    'createWorkspace',
    'folderWatchesOf',
    'isPathInside',
    'malformedReason',
    'onInotifyFlood',
    'openConfined',
    'openConfinedStatSync',
    'openConfinedSync',
    'relativeInside',
    'resolvePhysical',
    'specialFileError',
  ]);
});
