import { describe, expect, it } from 'vitest';
import { EXTENSION_GRAMMARS, grammarForFile } from './languages.js';

describe('grammarForFile', () => {
  it("covers the baseline's seventeen extensions", () => {
    const expected: Record<string, string> = {
      js: 'javascript',
      jsx: 'javascript',
      ts: 'typescript',
      tsx: 'tsx',
      py: 'python',
      rs: 'rust',
      go: 'go',
      c: 'c',
      h: 'c',
      cpp: 'cpp',
      hpp: 'cpp',
      cs: 'c_sharp',
      rb: 'ruby',
      java: 'java',
      php: 'php',
      swift: 'swift',
      kt: 'kotlin',
    };
    for (const [ext, id] of Object.entries(expected)) expect(grammarForFile(`file.${ext}`)?.id, ext).toBe(id);
  });

  it('matches extensions case-insensitively and ignores other files', () => {
    expect(grammarForFile('Main.JAVA')?.id).toBe('java');
    expect(grammarForFile('README.md')).toBeUndefined();
    expect(grammarForFile('Makefile')).toBeUndefined();
    expect(grammarForFile('.ts')).toBeUndefined();
    expect(grammarForFile('toString')).toBeUndefined();
    expect(grammarForFile('a.constructor')).toBeUndefined();
  });

  it('maps every extension to a grammar with a label', () => {
    const grammars = Object.values(EXTENSION_GRAMMARS);
    expect(grammars.length).toBeGreaterThan(0);
    for (const grammar of grammars) expect(grammar.label).toMatch(/\S/);
  });
});
