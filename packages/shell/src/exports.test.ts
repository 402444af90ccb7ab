import { expect, test } from 'vitest';
import * as api from './index.js';

test('public exports', () => {
  expect(Object.keys(api).sort()).toEqual([
    'COMMAND_PERMISSIONS_ENV',
    'analyzeCommand',
    'createCommandClassifier',
    'createCommandPermissions',
    'decodeAnsiCQuote',
    'explainDecision',
    'matchPattern',
    'resolveCommandPermissionsConfig',
  ]);
});
