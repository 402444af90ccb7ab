/** One todo item. */
export interface TodoItem {
  done: boolean;
  text: string;
}

/** A parsed checklist, or why it is not one. */
export type ChecklistParse = { ok: true; items: TodoItem[]; markdown: string } | { ok: false; error: string };

/** What an item line looks like (after trimming): the baseline's `- [ ]`, `- [x]`, `- [X]`. */
const ITEM_LINE = /^- \[([ xX])\](?:\s+(.*))?$/;

const FORMAT_HINT = 'Every line must be a Markdown checklist item: "- [ ] task" (open) or "- [x] task" (done).';

/**
 * Parse a Markdown checklist (SPEC Part B §16.6): each non-blank line, trimmed, must be an
 * item. The normalised Markdown has one item per line, `x` for done.
 * @example
 * parseChecklist('- [x] parse\n- [ ] print'); // { ok: true, items: [{done: true, ...}, ...], markdown: ... }
 */
export function parseChecklist(text: string): ChecklistParse {
  const items: TodoItem[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const m = ITEM_LINE.exec(line);
    if (!m) return { ok: false, error: `Line ${i + 1} is not a checklist item: "${line.slice(0, 120)}". ${FORMAT_HINT}` };
    const itemText = (m[2] ?? '').trim();
    if (itemText === '')
      return { ok: false, error: `Line ${i + 1} has a checkbox but no task: "${line}". Write what the item is after the box.` };
    items.push({ done: m[1] !== ' ', text: itemText });
  }
  if (items.length === 0) return { ok: false, error: `The todo list has no items. ${FORMAT_HINT}` };
  return { ok: true, items, markdown: items.map((it) => `- [${it.done ? 'x' : ' '}] ${it.text}`).join('\n') };
}

/** Progress of a list: done, total and the rounded percentage. */
export function progressOf(items: readonly TodoItem[]): { done: number; total: number; percent: number } {
  const done = items.filter((it) => it.done).length;
  return { done, total: items.length, percent: items.length ? Math.round((done / items.length) * 100) : 0 };
}

/**
 * The one-paragraph progress summary the model reads.
 * @example
 * progressSummary(items); // "2 of 5 items done (40%). Next: write the printer."
 */
export function progressSummary(items: readonly TodoItem[]): string {
  const { done, total, percent } = progressOf(items);
  const next = items.find((it) => !it.done);
  return next
    ? `${done} of ${total} items done (${percent}%). Next: ${next.text}`
    : `All ${total} items done (100%). If the task is complete, call attempt_completion.`;
}
