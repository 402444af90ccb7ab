import { describe, expect, it } from 'vitest';
import { constructNewFileContent } from './construct-new-file-content.js';
import { changedCases, d, E, R, S, sharedCases, type Case } from './construct-new-file-content.cases.js';

function run(c: Case): void {
  const final = c.final ?? true;
  if (c.throws) {
    expect(() => constructNewFileContent(c.diff, c.original, final)).toThrow(c.throws);
    return;
  }
  const result = constructNewFileContent(c.diff, c.original, final);
  expect(result.newContent).toBe(c.expected);
  if (c.matchIndices) expect(result.matchIndices).toEqual(c.matchIndices);
}

describe('constructNewFileContent: SPEC §16.x.1/§16.x.2 vectors', () => {
  it.each(sharedCases.map((c) => [c.name, c] as const))('%s', (_name, c) => run(c));
});

describe('constructNewFileContent: Quiver outcomes where Part A changes the baseline', () => {
  it.each(changedCases.map((c) => [c.quiver.name, c.quiver] as const))('%s', (_name, c) => run(c));
});

describe('constructNewFileContent: a diff without blocks', () => {
  it('is an error when final (nothing would change), and an empty preview while streaming', () => {
    expect(() => constructNewFileContent('garbage without markers', 'a\nb\n', true)).toThrow(/no SEARCH\/REPLACE block/);
    expect(constructNewFileContent('garbage without markers', 'a\nb\n', false).newContent).toBe('');
  });
});

describe('constructNewFileContent: markers only in marker position', () => {
  it('a Markdown underline in SEARCH yields to the canonical separator', () => {
    const r = constructNewFileContent(d(S, 'Title', '=====', E, 'New', '=====', R), 'Title\n=====\nbody\n', true);
    expect(r.newContent).toBe('New\n=====\nbody\n');
  });

  it('a SEARCH marker inside REPLACE is content', () => {
    const r = constructNewFileContent(d(S, 'b', E, '------- SEARCH', R), 'a\nb\n', true);
    expect(r.newContent).toBe('a\n------- SEARCH\n');
  });

  it('a REPLACE marker inside SEARCH is content (and named when the block never separates)', () => {
    expect(() => constructNewFileContent(d(S, 'b', R), 'a\nb\n', true)).toThrow(
      /'\+\+\+\+\+\+\+ REPLACE' marker came before any '=======' separator/,
    );
  });

  it('a separator outside a block is an error, not content', () => {
    expect(() => constructNewFileContent(d(S, 'a', E, 'A', R, E), 'a\n', true)).toThrow(/Line 6 of the diff/);
  });
});

describe('constructNewFileContent: line endings and final newline', () => {
  it('keeps untouched lines of a mixed-ending file byte for byte', () => {
    const r = constructNewFileContent(d(S, 'b', E, 'B', R), 'a\r\nb\r\nc\nd\r\n', true);
    expect(r.newContent).toBe('a\r\nB\r\nc\nd\r\n');
  });

  it('gives new lines of an LF file LF', () => {
    expect(constructNewFileContent(d(S, 'b', E, 'B1', 'B2', R), 'a\nb\nc\n', true).newContent).toBe('a\nB1\nB2\nc\n');
  });

  it('does not add a final newline the file did not have', () => {
    expect(constructNewFileContent(d(S, 'c', E, 'C', R), 'a\nb\nc', true).newContent).toBe('a\nb\nC');
  });

  it('keeps the final newline the file had', () => {
    expect(constructNewFileContent(d(S, 'c', E, 'C', R), 'a\nb\nc\n', true).newContent).toBe('a\nb\nC\n');
  });

  it('streams a CRLF file with CRLF', () => {
    expect(constructNewFileContent(d(S, 'b', E, 'B1', 'B2'), 'a\r\nb\r\nc', false).newContent).toBe('a\r\nB1\r\nB2\r\n');
  });
});

describe('constructNewFileContent: errors say which block failed and why', () => {
  const file = ['function add(a, b) {', '  return a + b;', '}', '', 'function sub(a, b) {', '  return a - b;', '}', ''].join('\n');

  it('names the block, the closest lines, their line number and the first difference', () => {
    const diff = d(S, 'function add(a, b) {', '  return a + b;', '}', E, 'x', R, S, 'function sub(a, b) {', '  return a - c;', E, 'y', R);
    let message = '';
    try {
      constructNewFileContent(diff, file, true);
    } catch (e) {
      message = (e as Error).message;
      expect(e).toMatchObject({ code: 'QUIVER_ERR_EDIT_FAILED' });
    }
    expect(message).toMatch(/^Block 2 of 2 failed/);
    expect(message).toContain('The closest match is at line 5');
    expect(message).toContain('First difference at line 6: the SEARCH line is "  return a - c;" but the file has "  return a - b;"');
  });

  it('says so when nothing is similar', () => {
    expect(() => constructNewFileContent(d(S, 'zzzz qqqq', E, 'x', R), file, true)).toThrow(/No similar lines were found/);
  });

  it('is an error on the final block but still previews while streaming', () => {
    expect(() => constructNewFileContent(d(S, 'b'), 'a\nb\n', true)).toThrow(/no '=======' separator/);
    expect(constructNewFileContent(d(S, 'b'), 'a\nb\n', false).newContent).toBe('');
  });
});
