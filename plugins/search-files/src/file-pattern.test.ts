import { describe, expect, it } from 'vitest';
import { fileFilterArgs, splitFilePattern } from './file-pattern.js';

describe('splitFilePattern', () => {
  it('splits on ; and on commas outside braces', () => {
    expect(splitFilePattern('*.csproj;*.sln')).toEqual(['*.csproj', '*.sln']);
    expect(splitFilePattern('*.ts, *.tsx ;')).toEqual(['*.ts', '*.tsx']);
    expect(splitFilePattern('*.{ts,tsx}')).toEqual(['*.{ts,tsx}']);
    expect(splitFilePattern('src/**/*.{js,jsx},*.md')).toEqual(['src/**/*.{js,jsx}', '*.md']);
  });

  it('returns nothing for an absent or blank pattern', () => {
    expect(splitFilePattern(undefined)).toEqual([]);
    expect(splitFilePattern(null)).toEqual([]);
    expect(splitFilePattern(' ; ')).toEqual([]);
  });
});

describe('fileFilterArgs', () => {
  it('makes one --glob per pattern', () => {
    expect(fileFilterArgs('*.csproj;*.sln')).toEqual(['--glob', '*.csproj', '--glob', '*.sln']);
  });

  it('adds no filter for match-all patterns, so rg keeps its ignore rules', () => {
    expect(fileFilterArgs(undefined)).toEqual([]);
    expect(fileFilterArgs('*')).toEqual([]);
    expect(fileFilterArgs('**/*')).toEqual([]);
  });
});
