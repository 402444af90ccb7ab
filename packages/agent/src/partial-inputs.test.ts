import type { ToolBlock } from '@quiver/core';
import { describe, expect, it } from 'vitest';
import { createPartialInputs } from './partial-inputs.js';

describe('createPartialInputs', () => {
  it('hands on each new parsed object as a partial block, skipping repeats and unparseable text', async () => {
    const seen: ToolBlock[] = [];
    const partials = createPartialInputs(async (b) => void seen.push(b));
    partials.start('c1', 'write_to_file');
    for (const piece of ['{"pa', 'th": "a.t', 'xt", "con', 'tent": "hel', 'lo"}']) await partials.delta('c1', piece);
    await partials.delta('c1', '');
    expect(seen.every((b) => b.partial && b.name === 'write_to_file' && b.id === 'c1')).toBe(true);
    expect(seen.map((b) => b.params)).toEqual([
      {},
      { path: 'a.t' },
      { path: 'a.txt' },
      { path: 'a.txt', content: 'hel' },
      { path: 'a.txt', content: 'hello' },
    ]);
  });

  it('ignores deltas of calls it was not told about, and forgets ended calls', async () => {
    const seen: ToolBlock[] = [];
    const partials = createPartialInputs(async (b) => void seen.push(b));
    await partials.delta('nope', '{"a":1}');
    partials.start('c', 't');
    partials.end('c');
    await partials.delta('c', '{"a":1}');
    expect(seen).toEqual([]);
  });
});
