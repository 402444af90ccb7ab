import { describe, expect, it } from 'vitest';
import { parseChecklist, progressSummary } from './parse-checklist.js';

describe('parseChecklist (§16.6 items)', () => {
  it('reads - [ ], - [x] and - [X], trimmed, skipping blank lines', () => {
    const r = parseChecklist('  - [ ] one\n\n- [x] two\r\n\t- [X] three  \n');
    expect(r).toEqual({
      ok: true,
      items: [
        { done: false, text: 'one' },
        { done: true, text: 'two' },
        { done: true, text: 'three' },
      ],
      markdown: '- [ ] one\n- [x] two\n- [x] three',
    });
  });

  it.each([
    ['# Plan\n- [ ] one', 'Line 1 is not a checklist item: "# Plan"'],
    ['- [ ] one\n* [ ] two', 'Line 2 is not a checklist item'],
    ['- [y] one', 'Line 1 is not a checklist item'],
    ['- [ ]', 'Line 1 has a checkbox but no task'],
    ['\n  \n', 'The todo list has no items'],
  ])('%j → %s', (text, error) => {
    const r = parseChecklist(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(error);
  });
});

describe('progressSummary', () => {
  it('counts, rounds and names the next open item', () => {
    const r = parseChecklist('- [x] a\n- [ ] b\n- [ ] c');
    expect(r.ok && progressSummary(r.items)).toBe('1 of 3 items done (33%). Next: b');
  });
  it('says when everything is done', () => {
    const r = parseChecklist('- [x] a');
    expect(r.ok && progressSummary(r.items)).toBe('All 1 items done (100%). If the task is complete, call attempt_completion.');
  });
});
