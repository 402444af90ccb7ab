// The error catalogue: code shape, uniqueness, and docs/errors.md in step with it, both ways.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isQuiverError, QuiverError, quiverError } from './index.js';

const codes = Object.values(ERROR_CODES);
const doc = readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8');
/** The codes in the first column of the doc's tables. */
const documented = [...doc.matchAll(/^\| `(QUIVER_ERR_[A-Z_]+)` \|/gm)].map((m) => m[1]);

describe('ERROR_CODES', () => {
  it.each(Object.entries(ERROR_CODES))('%s = %s has the shape QUIVER_ERR_<AREA>_<WHAT>', (_key, code) => {
    expect(code).toMatch(/^QUIVER_ERR_[A-Z]+_[A-Z]+(_[A-Z]+)*$/);
  });

  it('keys and codes are unique', () => {
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(Object.keys(ERROR_CODES).map((k) => k.toUpperCase())).size).toBe(codes.length);
  });
});

describe('docs/errors.md', () => {
  it('documents every code', () => {
    expect(codes.filter((c) => !documented.includes(c))).toEqual([]);
  });

  it('documents no code that does not exist, and none twice', () => {
    expect(documented.filter((c) => !(codes as string[]).includes(c))).toEqual([]);
    expect(documented.length).toBe(new Set(documented).size);
  });

  it('gives each code a meaning and a fix', () => {
    for (const line of doc.split('\n').filter((l) => l.startsWith('| `QUIVER_ERR_'))) {
      const cells = line.split(' | ');
      expect(cells, line).toHaveLength(3);
      expect(cells[1].trim().length, line).toBeGreaterThan(10);
      expect(cells[2].replace(/\|$/, '').trim().length, line).toBeGreaterThan(10);
    }
  });
});

describe('QuiverError', () => {
  it('carries its code and fields, and is detected by brand', () => {
    const cause = new Error('ENOENT');
    const e = quiverError(ERROR_CODES.PLUGIN_NOT_FOUND, "Plugin 'x' not found.", { plugin: 'x', file: '/a/package.json', cause });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ name: 'QuiverError', code: 'QUIVER_ERR_PLUGIN_NOT_FOUND', plugin: 'x', file: '/a/package.json', message: "Plugin 'x' not found." });
    expect(e.cause).toBe(cause);
    expect(isQuiverError(e)).toBe(true);
    expect(isQuiverError(new QuiverError(ERROR_CODES.USAGE, 'x'))).toBe(true);
  });

  it('is recognised across copies of core (a brand, not instanceof)', () => {
    const foreign = Object.assign(new Error('from another copy'), { [Symbol.for('quiver.error')]: true, code: ERROR_CODES.TOOL_FAILED });
    expect(isQuiverError(foreign)).toBe(true);
    expect(isQuiverError(new Error('plain'))).toBe(false);
    expect(isQuiverError({ code: ERROR_CODES.TOOL_FAILED })).toBe(false);
    expect(isQuiverError(null)).toBe(false);
  });
});
