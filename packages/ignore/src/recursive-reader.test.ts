import { describe, expect, it } from 'vitest';
import { recursiveReader } from './recursive-reader.js';

describe('recursiveReader (I4)', () => {
  it('detects grep recursion in every spelling', () => {
    for (const args of [
      ['-r', 'x', 'd'],
      ['-R', 'x'],
      ['--recursive', 'x'],
      ['-rn', 'x'],
      ['-nR', 'x'],
      ['-d', 'recurse', 'x'],
      ['--directories=recurse', 'x'],
      ['--dereference-recursive', 'x'],
    ]) {
      expect(recursiveReader('grep', args), args.join(' ')).toBeDefined();
    }
    expect(recursiveReader('egrep', ['-r', 'x'])).toBeDefined();
    expect(recursiveReader('fgrep', ['-r', 'x'])).toBeDefined();
    expect(recursiveReader('grep', ['-n', 'x', 'f'])).toBeUndefined();
    expect(recursiveReader('grep', ['--regexp=r', 'f'])).toBeUndefined();
  });
  it('implies . for grep -r only without a file operand', () => {
    expect(recursiveReader('grep', ['-r', 'TODO'])?.impliesCwd).toBe(true);
    expect(recursiveReader('grep', ['-r', 'TODO', 'src'])?.impliesCwd).toBe(false);
  });
  it('always treats rg, ag, ack as recursive with . implied', () => {
    for (const p of ['rg', 'ag', 'ack']) expect(recursiveReader(p, ['x'])).toEqual({ program: p, impliesCwd: true });
  });
  it('detects cp/scp recursion', () => {
    for (const a of ['-r', '-R', '-a', '--recursive', '--archive', '-av', '-rf'])
      expect(recursiveReader('cp', [a, 's', 'd']), a).toBeDefined();
    expect(recursiveReader('scp', ['-r', 's', 'h:d'])).toBeDefined();
    expect(recursiveReader('cp', ['-f', 's', 'd'])).toBeUndefined();
    expect(recursiveReader('cp', ['s', 'd'])).toBeUndefined();
  });
  it('treats rsync, tar and zip as recursive', () => {
    for (const p of ['rsync', 'tar', 'zip']) expect(recursiveReader(p, ['x'])?.impliesCwd).toBe(false);
  });
  it('treats find as recursive only with an exec-like action', () => {
    for (const a of ['-exec', '-execdir', '-ok', '-okdir']) expect(recursiveReader('find', ['.', a, 'cat', '{}', ';']), a).toBeDefined();
    expect(recursiveReader('find', ['.', '-name', 'x'])).toBeUndefined();
  });
  it('ignores other programs', () => {
    expect(recursiveReader('cat', ['-r'])).toBeUndefined();
  });
});
