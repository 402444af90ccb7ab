import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestHarnessOptions } from '@quiver/testing';
import summarizeTask from './index.js';
import { CONDENSE_KEY, continuationPrompt } from './summarize-task.js';

let h: TestHarness;
afterEach(async () => h?.dispose());
const setup = async (options: Partial<TestHarnessOptions> = {}) => (h = await createTestHarness({ plugins: [summarizeTask], ...options }));

const summary = (files: string[]) =>
  `1. Primary Request: fix the parser.\n2. Current Work: tests.\n9. Required Files:\n${files.map((f) => `- ${f}`).join('\n')}\n`;

describe('summarize_task (§16.8)', () => {
  it('says the summary, loads the required files and returns the continuation prompt', async () => {
    await setup({ files: { 'src/a.ts': 'export const a = 1;\n', 'notes.md': '# Notes' } });
    const context = summary(['src/a.ts', 'notes.md']);
    const r = await h.call('summarize_task', { context });
    expect(r.isError).toBe(false);
    expect(h.text(r)).toBe(
      `${continuationPrompt(context)}\n\n<file_content path="src/a.ts">\nexport const a = 1;\n\n</file_content>\n\n<file_content path="notes.md">\n# Notes\n</file_content>`,
    );
    expect(h.text(r)).toContain('This session is being continued from a previous conversation that ran out of context.');
    expect(h.said).toContainEqual({ type: 'tool', text: context, data: { tool: 'summarizeTask', content: context } });
    expect(h.task.state.values.get(CONDENSE_KEY)).toEqual({ context });
    expect(h.approvals).toEqual([]);
  });

  it('skips ignored, missing, outside, binary and special files, and says why', async () => {
    await setup({ files: { '.quiverignore': 'secret.env\n', 'secret.env': 'KEY=1', 'bin.dat': Buffer.from([1, 0, 2]), 'ok.txt': 'fine' } });
    execFileSync('mkfifo', [h.path('pipe')]);
    const r = await h.call('summarize_task', {
      context: summary(['secret.env', 'missing.ts', '../outside.txt', 'bin.dat', 'pipe', 'ok.txt']),
    });
    const text = h.text(r);
    expect(text).toContain('<file_content path="ok.txt">\nfine\n</file_content>');
    expect(text).not.toContain('KEY=1');
    expect(text).toContain('- secret.env: blocked by .quiverignore');
    expect(text).toContain('- missing.ts: not found');
    expect(text).toContain('- ../outside.txt: outside the workspace');
    expect(text).toContain('- bin.dat: a binary file');
    expect(text).toContain('- pipe: not a regular file');
  });

  it('loads at most 8 files and 100,000 characters', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10; i++) files[`f${i}.txt`] = `file ${i}`;
    files['big.txt'] = 'x'.repeat(100_001);
    await setup({ files });
    const text = h.text(await h.call('summarize_task', { context: summary(['big.txt', ...Object.keys(files).slice(0, 9)]) }));
    expect(text.match(/<file_content /g)).toHaveLength(8);
    expect(text).toContain('- big.txt: over the 100000-character budget');
    expect(text).toContain('- f8.txt: only 8 files are loaded');
  });

  it('reads nothing when reading files needs approval', async () => {
    await setup({ files: { 'a.txt': 'a' }, config: { approval: { readFiles: false } } });
    const text = h.text(await h.call('summarize_task', { context: summary(['a.txt']) }));
    expect(text).toContain('- a.txt: reading files needs approval');
    expect(h.approvals).toEqual([]);
  });

  it('without a Required Files section, returns just the continuation prompt', async () => {
    await setup();
    expect(h.text(await h.call('summarize_task', { context: 'Short summary.' }))).toBe(continuationPrompt('Short summary.'));
  });
});

describe('summarize_task bad input', () => {
  it('a missing context is the missing-parameter error', async () => {
    await setup();
    const r = await h.call('summarize_task', {});
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.text(r)).toContain("Missing value for required parameter 'context'");
    expect(h.task.state.values.get(CONDENSE_KEY)).toBeUndefined();
  });

  it('a context of the wrong type is a parameter error', async () => {
    await setup();
    expect((await h.call('summarize_task', { context: { a: 1 } })).code).toBe('QUIVER_ERR_PARAM_INVALID');
  });
});
