// SPEC Part B §15.1: the write tools feed back what the host did after the save — the user's
// edits and auto-formatting — as a patch, and the final content is what the file now holds.
import { readFile, writeFile } from 'node:fs/promises';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import writeToFile from './index.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('host changes after a save', () => {
  it("reports a formatter's changes as a patch and shows the formatted file", async () => {
    h = await createTestHarness({ plugins: [writeToFile], config: { approval: { editFiles: true } } });
    const harness = h;
    harness.ui.afterSave = async (edit) => {
      const formatted = edit.content.replaceAll("'", '"');
      await writeFile(edit.absolutePath, formatted); // format-on-save
      return { content: formatted, by: 'formatter' };
    };
    const r = await harness.call('write_to_file', { path: 'a.ts', content: "const a = 'x';\n" });
    const text = harness.text(r);
    expect(r.isError).toBe(false);
    expect(text).toContain('auto-formatting');
    expect(text).toMatch(/-const a = 'x';\n\+const a = "x";/);
    expect(text).toContain('<final_file_content path="a.ts">\nconst a = "x";\n');
    expect(await readFile(harness.path('a.ts'), 'utf8')).toBe('const a = "x";\n');
  });

  it("reports the user's edits first, and nothing when the host left the file as written", async () => {
    h = await createTestHarness({ plugins: [writeToFile], config: { approval: { editFiles: true } } });
    const harness = h;
    harness.ui.afterSave = async (edit) => (edit.path === 'b.txt' ? { content: 'mine\n', by: 'user' } : undefined);
    const edited = harness.text(await harness.call('write_to_file', { path: 'b.txt', content: 'yours\n' }));
    expect(edited.startsWith('The user made the following updates to your content:')).toBe(true);
    expect(edited).toContain('-yours\n+mine');
    const plain = harness.text(await harness.call('write_to_file', { path: 'c.txt', content: 'same\n' }));
    expect(plain.startsWith('The content was successfully saved to c.txt.')).toBe(true);
    expect(plain).not.toContain('updates to your content');
  });
});
