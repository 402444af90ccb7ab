import { describe, expect, it } from 'vitest';
import { requiredFiles } from './required-files.js';

describe('requiredFiles', () => {
  it('reads the baseline "9. Required Files:" list', () => {
    expect(requiredFiles('1. Task: x\n9. Required Files:\n- src/a.ts\n  - src/b.ts\n\n10. Next')).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('also reads "8. Optional Required Files:", the number the prompt itself uses', () => {
    expect(requiredFiles('8. Optional Required Files:\n- `docs/x.md`\n- "c d.txt"')).toEqual(['docs/x.md', 'c d.txt']);
  });

  it('returns nothing without the section, and at most 10 distinct paths', () => {
    expect(requiredFiles('Required files: a.ts')).toEqual([]);
    const list = Array.from({ length: 12 }, (_, i) => `- f${i}.ts`).join('\n');
    expect(requiredFiles(`9. Required Files:\n- f0.ts\n${list}`)).toEqual(Array.from({ length: 10 }, (_, i) => `f${i}.ts`));
  });
});
