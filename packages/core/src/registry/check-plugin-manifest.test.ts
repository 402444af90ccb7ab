// The manifest's `core` range: the common ranges are answered without semver (start-up cost),
// and every answer must be semver's own.
import satisfies from 'semver/functions/satisfies.js';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.js';
import { checkPluginManifest } from './check-plugin-manifest.js';

const RANGES = [
  '^0.1.0',
  '~0.1.0',
  '>=0.1.0',
  '=0.1.0',
  '0.1.0',
  'v0.1.0',
  ' ^0.1.0 ',
  '*',
  '',
  '^0.1.1',
  '^0.2.0',
  '~0.0.9',
  '<0.1.0',
  '>0.1.0',
  '0.1.x',
  '^0.1.0 || ^1.0.0',
  '>=0.1.0 <0.2.0',
  '^1.0.0',
  '0.1.0 - 0.1.5',
  '^0.1.0-rc.1',
];
const VERSIONS = ['0.1.0', '0.1.0-rc.1', '0.1.5', '1.0.0', '0.0.1'];

describe('checkPluginManifest: the core range', () => {
  for (const version of VERSIONS) {
    it(`agrees with semver for core ${version}`, () => {
      for (const core of RANGES) {
        const pkg = { name: 'p', quiver: { apiVersion: 1, tools: [], entry: './index.js', core } };
        const expected = core === '' || satisfies(version, core, { includePrerelease: true });
        if (expected)
          expect(() => checkPluginManifest(pkg, { file: 'package.json', coreVersion: version }), `${core} / ${version}`).not.toThrow();
        else
          expect(() => checkPluginManifest(pkg, { file: 'package.json', coreVersion: version }), `${core} / ${version}`).toThrow(
            expect.objectContaining({ code: ERROR_CODES.PLUGIN_CORE_RANGE }),
          );
      }
    });
  }
});
