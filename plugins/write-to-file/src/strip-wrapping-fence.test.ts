import { describe, expect, it } from 'vitest';
import { prepareContent } from './prepare-content.js';
import { stripWrappingFence } from './strip-wrapping-fence.js';

describe('stripWrappingFence', () => {
  it('strips a fence that wraps the whole content (Quiver keeps the body line terminated)', () => {
    // Baseline (§16.x.3 [derived]): 'print(1)' after trim(); Quiver keeps the final newline.
    expect(stripWrappingFence('```python\nprint(1)\n```')).toBe('print(1)\n');
    expect(stripWrappingFence('```\na\n\nb\n```\n')).toBe('a\n\nb\n');
  });

  it('keeps Markdown that only ends in a fence (the baseline loses its last line)', () => {
    const md = '# Usage\n\n```sh\nnpm test\n```';
    expect(stripWrappingFence(md)).toBe(md);
  });

  it('keeps Markdown made of several fenced blocks', () => {
    const md = '```js\na\n```\ntext\n```js\nb\n```';
    expect(stripWrappingFence(md)).toBe(md);
  });

  it('keeps content with an opening fence but no closing one', () => {
    expect(stripWrappingFence('```\nx')).toBe('```\nx');
  });

  it('keeps CRLF inside', () => {
    expect(stripWrappingFence('```\r\na\r\nb\r\n```')).toBe('a\r\nb\r\n');
  });
});

describe('prepareContent', () => {
  it('keeps leading and trailing whitespace (no trim)', () => {
    expect(prepareContent('\n  x\n\n', undefined, 'a.txt', true)).toBe('\n  x\n\n');
  });

  it('hides an unclosed opening fence while streaming only', () => {
    expect(prepareContent('```ts\nconst a', undefined, 'a.ts', false)).toBe('const a');
    expect(prepareContent('```ts\nconst a', undefined, 'a.ts', true)).toBe('```ts\nconst a');
  });
});
