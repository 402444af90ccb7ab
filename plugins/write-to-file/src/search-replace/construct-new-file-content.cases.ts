/**
 * SPEC §16.x.1 / §16.x.2 vectors as data. `S`, `E`, `R` are the canonical markers; a diff is
 * its lines joined with `\n`. Vectors whose outcome Part A changes are listed twice: the
 * baseline entry is marked `baseline` (not run) and a `quiver` entry gives Quiver's outcome.
 */
export const S = '------- SEARCH';
export const E = '=======';
export const R = '+++++++ REPLACE';

/** Join diff lines with `\n`. */
export const d = (...lines: string[]): string => lines.join('\n');

export interface Case {
  name: string;
  original: string;
  diff: string;
  final?: boolean;
  expected?: string;
  matchIndices?: number[];
  throws?: RegExp;
}

/** Vectors whose outcome is the same in the baseline and in Quiver. */
export const sharedCases: Case[] = [
  { name: 'new file from an empty SEARCH', original: '', diff: d(S, E, 'new content', R), expected: 'new content\n' },
  { name: 'replace one line', original: 'line1\nline2\nline3', diff: d(S, 'line2', E, 'replaced', R), expected: 'line1\nreplaced\nline3' },
  { name: 'replace one line without REPLACE marker (final)', original: 'line1\nline2\nline3', diff: d(S, 'line2', E, 'replaced'), expected: 'line1\nreplaced\nline3' },
  { name: 'chunked replacement keeps its empty line', original: 'line1\nline2\nline3', diff: d(S, 'line2', E) + '\n' + 'replaced\n' + '\n' + R, expected: 'line1\nreplaced\n\nline3' },
  { name: 'line-trimmed match', original: 'line1\n line2 \nline3', diff: d(S, 'line2', E, 'replaced', R), expected: 'line1\nreplaced\nline3' },
  { name: 'three-line block', original: 'line1\nstart\nmiddle\nend\nline5', diff: d(S, 'start', 'middle', 'end', E, 'replaced', R), expected: 'line1\nreplaced\nline5' },
  { name: 'block anchor (first and last line)', original: 'line1\nstart\nmiddle\nend\nline5', diff: d(S, 'start', 'something else', 'end', E, 'replaced', R), expected: 'line1\nreplaced\nline5' },
  {
    name: 'two blocks',
    original: 'First\nSecond\nThird\nFourth',
    diff: d(S, 'First', E, '1st', R, S, 'Third', E, '3rd', R),
    expected: '1st\nSecond\n3rd\nFourth',
  },
  { name: 'replace line2 and delete line4', original: 'line1\nline2\nline3\nline4', diff: d(S, 'line2', E, 'replaced', R, S, 'line4', E, R), expected: 'line1\nreplaced\nline3\n' },
  { name: 'delete line1 and replace line3', original: 'line1\nline2\nline3\nline4', diff: d(S, 'line1', E, R, S, 'line3', E, 'replaced', R), expected: 'line2\nreplaced\nline4' },
  { name: 'malformed SEARCH marker <<-- SEARCH', original: 'line1\nline2', diff: d('<<-- SEARCH', 'line2', E, 'x', R), throws: /malformed SEARCH marker/ },
  { name: 'malformed SEARCH marker -- SEARCH', original: 'line1\nline2', diff: d('-- SEARCH', 'line2', E, 'x', R), throws: /malformed SEARCH marker/ },
  { name: 'malformed SEARCH marker -------SEARCH', original: 'line1\nline2', diff: d('-------SEARCH', 'line2', E, 'x', R), throws: /malformed SEARCH marker/ },
  { name: 'missing separator', original: 'line1\nline2', diff: d(S, 'line2', 'x', R), throws: /is malformatted/ },
  { name: 'separator with a trailing space', original: 'line1\nline2', diff: d(S, 'line2', '======= ', 'x', R), throws: /is malformatted/ },
  { name: 'double REPLACE marker', original: 'line1\nline2', diff: d(S, 'line2', E, 'x', R, R), throws: /closes no block/ },
  { name: '------- ======= is no separator', original: 'line1\nline2', diff: d(S, 'line2', '------- =======', 'x', R), throws: /is malformatted/ },
  { name: 'no match', original: 'line1\nline2', diff: d(S, 'nothing', E, 'x', R), throws: /does not match anything/ },
  ...[5, 8, 10].flatMap((n) =>
    ['----- SEARCH', '----------- SEARCH'].map((marker) => ({
      name: `${marker} with ${n} '='`,
      original: 'before\ncontent\nafter',
      diff: d(marker, 'content', '='.repeat(n), 'new content', R),
      expected: 'before\nnew content\nafter',
    })),
  ),
  {
    name: 'missing REPLACE marker, multi-line replacement',
    original: 'function test() {\n\tconst a = 1;\n\treturn a;\n}',
    diff: d(S, '\tconst a = 1;', E, '\tconst a = 42;', "\tconsole.log('updated');"),
    expected: "function test() {\n\tconst a = 42;\n\tconsole.log('updated');\n\treturn a;\n}",
  },
  {
    name: 'out of order [fourth, second]',
    original: 'first\nsecond\nthird\nfourth\n',
    diff: d(S, 'fourth', E, 'new fourth', R, S, 'second', E, 'new second', R),
    expected: 'first\nnew second\nthird\nnew fourth\n',
  },
  {
    name: 'out of order [four, two, five]',
    original: 'one\ntwo\nthree\nfour\nfive\n',
    diff: d(S, 'four', E, 'fourth', R, S, 'two', E, 'second', R, S, 'five', E, 'fifth', R),
    expected: 'one\nsecond\nthree\nfourth\nfifth\n',
  },
  {
    name: 'out of order [footer, \\nbody\\n]',
    original: 'header\n\nbody\n\nfooter\n',
    diff: d(S, 'footer', E, 'new footer', R, S, '', 'body', '', E, 'new body content', R),
    expected: 'header\nnew body content\nnew footer\n',
  },
  // §16.x.2
  { name: 'legacy markers', original: 'a\nb\nc', diff: d('<<<<<<< SEARCH', 'b', E, 'B', '>>>>>>> REPLACE'), expected: 'a\nB\nc', matchIndices: [2] },
  { name: 'SEARCH marker with trailing >', original: 'a\nb\nc', diff: d('------- SEARCH>', 'b', E, 'B', R), expected: 'a\nB\nc' },
  { name: 'short markers === and +++ REPLACE', original: 'a\nb\nc', diff: d('--- SEARCH', 'b', '===', 'B', '+++ REPLACE'), expected: 'a\nB\nc' },
  { name: 'empty SEARCH on a non-empty file', original: 'old\n', diff: d(S, E, 'new', R), throws: /Empty SEARCH block detected with non-empty file/ },
  { name: 'one block on x\\nx\\n', original: 'x\nx\n', diff: d(S, 'x', E, 'Y', R), expected: 'Y\nx\n', matchIndices: [0] },
  { name: 'two identical blocks on x\\nx\\n', original: 'x\nx\n', diff: d(S, 'x', E, 'Y', R, S, 'x', E, 'Z', R), expected: 'Y\nZ\n', matchIndices: [0, 2] },
  // streaming
  { name: 'streaming: replacement so far, no tail', original: 'a\nb\nc\nd', diff: d(S, 'b', E, 'B1', 'B2'), final: false, expected: 'a\nB1\nB2\n' },
  { name: 'streaming: SEARCH only', original: 'a\nb\nc\nd', diff: d(S, 'b'), final: false, expected: '' },
  { name: 'streaming: replacement line with newline', original: 'a\nb\nc\nd', diff: d(S, 'c', E, 'C1') + '\n', final: false, expected: 'a\nb\nC1\n\n' },
];

/** Baseline outcomes Part A changes, each paired with Quiver's outcome. */
export const changedCases: { baseline: string; quiver: Case }[] = [
  {
    baseline: 'CRLF file + SEARCH b → a\\r\\nB\\nc (replaced line comes out LF)',
    quiver: { name: 'CRLF file keeps CRLF on replaced lines', original: 'a\r\nb\r\nc', diff: d(S, 'b', E, 'B', R), expected: 'a\r\nB\r\nc', matchIndices: [3] },
  },
  {
    baseline: 'CRLF file + SEARCH b\\nc → a\\r\\nX\\nd',
    quiver: { name: 'CRLF file, multi-line SEARCH', original: 'a\r\nb\r\nc\r\nd', diff: d(S, 'b', 'c', E, 'X', R), expected: 'a\r\nX\r\nd' },
  },
  {
    baseline: "a CRLF diff → 'The SEARCH block:\\n\\n...is malformatted.'",
    quiver: { name: 'a CRLF diff is read as LF', original: 'a\nb\nc', diff: [S, 'b', E, 'B', R].join('\r\n'), expected: 'a\nB\nc' },
  },
  {
    baseline: "blocks [c, '  a'] on a\\nb\\nc\\n → does not match (trimmed never looks back)",
    quiver: { name: 'trimmed match looks back for an out-of-order block', original: 'a\nb\nc\n', diff: d(S, 'c', E, 'C', R, S, '  a', E, 'A', R), expected: 'A\nb\nC\n' },
  },
  {
    baseline: 'overlapping a\\nb and b\\nc on a\\nb\\nc\\n → AB\\nBC\\n (silent corruption)',
    quiver: { name: 'overlapping blocks are an error', original: 'a\nb\nc\n', diff: d(S, 'a', 'b', E, 'AB', R, S, 'b', 'c', E, 'BC', R), throws: /Blocks 1 and 2 overlap: block 1 matches lines 1-2 and block 2 matches lines 2-3/ },
  },
  {
    baseline: 'REPLACE New|===== on Title\\nbody → New\\nbody (underline read as a marker)',
    quiver: { name: 'a ===== underline in REPLACE is content', original: 'Title\nbody', diff: d(S, 'Title', E, 'New', '=====', R), expected: 'New\n=====\nbody' },
  },
  {
    baseline: 'a last line -x with no REPLACE marker is dropped, even when final',
    quiver: { name: 'a final last line -x is content', original: 'a\nb\nc', diff: d(S, 'b', E, 'B', '-x'), expected: 'a\nB\n-x\nc' },
  },
];
