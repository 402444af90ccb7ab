import { describe, expect, it } from 'vitest';
import { compareListedPaths, formatFilesList, NO_FILES, sortListedPaths, TRUNCATION_HINT } from './format-files-list.js';

describe('formatFilesList', () => {
  it('sorts the §14.5 vector: files before subdirectories, numeric and case-insensitive', () => {
    const input = [
      'src/',
      'README.md',
      'src/a.ts',
      'app/',
      'b.txt',
      'src/z/',
      'src/z/q.ts',
      'file10.txt',
      'file2.txt',
      'Zeta.md',
      'alpha.md',
      '.env',
    ];
    expect(sortListedPaths(input)).toEqual([
      '.env',
      'alpha.md',
      'b.txt',
      'file2.txt',
      'file10.txt',
      'README.md',
      'Zeta.md',
      'app/',
      'src/',
      'src/a.ts',
      'src/z/',
      'src/z/q.ts',
    ]);
  });

  it('agrees with the pairwise comparator', () => {
    const input = ['b/', 'a', 'b/c', 'a/', 'a/b/c', 'a/b/'];
    expect([...input].sort(compareListedPaths)).toEqual(sortListedPaths(input));
  });

  it('puts a directory before its own contents', () => {
    expect(sortListedPaths(['x/y.ts', 'x/'])).toEqual(['x/', 'x/y.ts']);
  });

  it('joins with newlines and adds the hint only when the limit was hit', () => {
    expect(formatFilesList(['b', 'a'], false)).toBe('a\nb');
    expect(formatFilesList(['b', 'a'], true)).toBe(`a\nb\n\n${TRUNCATION_HINT}`);
    expect(TRUNCATION_HINT).toBe('(File list truncated. Use list_files on specific subdirectories if you need to explore further.)');
  });

  it('says No files found. for an empty listing', () => {
    expect(formatFilesList([], false)).toBe('No files found.');
    expect(NO_FILES).toBe('No files found.');
  });
});
