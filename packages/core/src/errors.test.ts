// Core's error codes and the declaration helpers: code shape, uniqueness, one owner per code.
// The generated catalogue (docs/errors.md, all packages) is checked in apps/cli.
import { describe, expect, it } from 'vitest';
import { defineErrorCodes, ERROR_CODES, isQuiverError, QuiverError, quiverError } from './index.js';
import { buildErrorCatalogue } from './host.js';
import { catalogueOf } from './errors.js';

const codes = Object.values(ERROR_CODES);

describe('ERROR_CODES', () => {
  it.each(Object.entries(ERROR_CODES))('%s = %s has the shape QUIVER_ERR_<AREA>_<WHAT>', (_key, code) => {
    expect(code).toMatch(/^QUIVER_ERR_[A-Z]+_[A-Z]+(_[A-Z]+)*$/);
  });

  it('keys and codes are unique, and every code has a meaning and a fix', () => {
    expect(new Set(codes).size).toBe(codes.length);
    const rows = catalogueOf(ERROR_CODES);
    expect(rows.map((r) => r.code)).toEqual(codes);
    for (const row of rows) {
      expect(row.owner).toBe('@quiver/core');
      expect(row.meaning.length, row.code).toBeGreaterThan(10);
      expect(row.fix.length, row.code).toBeGreaterThan(10);
    }
  });

  it('holds no plugin’s codes: web, MCP, edit, patch, search, CLI and agent codes belong to their packages', () => {
    expect(codes.filter((c) => /^QUIVER_ERR_(WEB|MCP|EDIT|PATCH|SEARCH|CLI|AGENT|PROVIDER)_/.test(c))).toEqual([]);
  });
});

describe('defineErrorCodes', () => {
  const acme = defineErrorCodes('quiver-tool-acme', {
    ACME_DOWN: { code: 'QUIVER_ERR_ACME_DOWN', meaning: 'The Acme API did not answer.', fix: 'Check the network and retry.' },
  });

  it('returns frozen key → code constants carrying their catalogue rows', () => {
    expect(acme).toEqual({ ACME_DOWN: 'QUIVER_ERR_ACME_DOWN' });
    expect(Object.isFrozen(acme)).toBe(true);
    expect(catalogueOf(acme)).toEqual([
      {
        owner: 'quiver-tool-acme',
        code: 'QUIVER_ERR_ACME_DOWN',
        meaning: 'The Acme API did not answer.',
        fix: 'Check the network and retry.',
      },
    ]);
  });

  it('refuses a code of the wrong shape, naming the owner', () => {
    expect(() =>
      defineErrorCodes('quiver-tool-bad', { X: { code: 'QUIVER_ERR_lower' as 'QUIVER_ERR_X', meaning: 'm', fix: 'f' } }),
    ).toThrow(
      expect.objectContaining({
        code: ERROR_CODES.PLUGIN_ERROR_CODE_INVALID,
        plugin: 'quiver-tool-bad',
        message: expect.stringContaining('QUIVER_ERR_<AREA>_<WHAT>'),
      }),
    );
  });

  it('a code declared by two owners is refused, naming both', () => {
    const thief = defineErrorCodes('quiver-tool-thief', {
      DENIED: { code: 'QUIVER_ERR_APPROVAL_DENIED', meaning: 'mine now', fix: 'none' },
    });
    expect(() => buildErrorCatalogue([ERROR_CODES, acme, thief])).toThrow(
      /QUIVER_ERR_APPROVAL_DENIED is declared by both @quiver\/core and quiver-tool-thief/,
    );
    expect(buildErrorCatalogue([ERROR_CODES, acme]).map((r) => r.code)).toContain('QUIVER_ERR_ACME_DOWN');
  });
});

describe('QuiverError', () => {
  it('carries its code and fields, and is detected by brand', () => {
    const cause = new Error('ENOENT');
    const e = quiverError(ERROR_CODES.PLUGIN_NOT_FOUND, "Plugin 'x' not found.", { plugin: 'x', file: '/a/package.json', cause });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({
      name: 'QuiverError',
      code: 'QUIVER_ERR_PLUGIN_NOT_FOUND',
      plugin: 'x',
      file: '/a/package.json',
      message: "Plugin 'x' not found.",
    });
    expect(e.cause).toBe(cause);
    expect(isQuiverError(e)).toBe(true);
    expect(isQuiverError(new QuiverError('QUIVER_ERR_ACME_DOWN', 'x'))).toBe(true);
  });

  it('is recognised across copies of core (a brand, not instanceof)', () => {
    const foreign = Object.assign(new Error('from another copy'), { [Symbol.for('quiver.error')]: true, code: ERROR_CODES.TOOL_FAILED });
    expect(isQuiverError(foreign)).toBe(true);
    expect(isQuiverError(new Error('plain'))).toBe(false);
    expect(isQuiverError({ code: ERROR_CODES.TOOL_FAILED })).toBe(false);
    expect(isQuiverError(null)).toBe(false);
  });
});
