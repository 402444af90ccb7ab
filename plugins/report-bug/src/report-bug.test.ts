import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type AskPolicy, type TestHarness } from '@quiver/testing';
import reportBug from './index.js';

let h: TestHarness;
afterEach(async () => h?.dispose());
const setup = async (ask?: AskPolicy, config = {}) => (h = await createTestHarness({ plugins: [reportBug], ask, config }));

const bug = { title: 'Crash on save', what_happened: 'The editor crashed.', steps_to_reproduce: '1. Open a file\n2. Save' };
const reports = () => {
  try {
    return readdirSync(h.path('.quiver/bug-reports'));
  } catch {
    return [];
  }
};

describe('report_bug (§16.9, a file instead of a vendor issue)', () => {
  it('shows the report; accepted, writes it under .quiver/bug-reports and says where', async () => {
    await setup({ response: 'yes' });
    const r = await h.call('report_bug', bug);
    expect(r.isError).toBe(false);
    const files = reports();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.md$/);
    const written = readFileSync(h.path(`.quiver/bug-reports/${files[0]}`), 'utf8');
    expect(written).toContain('# Crash on save\n\n## What happened\n\nThe editor crashed.');
    expect(written).toContain('- Quiver: 0.1.0');
    expect(h.ui.asked[0]).toMatchObject({ type: 'report_bug', text: written, data: { title: 'Crash on save' } });
    expect(h.text(r)).toBe(
      `The user accepted the bug report. It was saved to .quiver/bug-reports/${files[0]} in the workspace, ready for the user to file with the project's issue tracker.`,
    );
    expect(h.said).toContainEqual({
      type: 'text',
      text: `Bug report saved to .quiver/bug-reports/${files[0]}`,
      data: { path: h.path(`.quiver/bug-reports/${files[0]}`) },
    });
  });

  it('never overwrites an earlier report', async () => {
    await setup();
    await h.call('report_bug', bug);
    await h.call('report_bug', { ...bug, title: 'Second' });
    await h.call('report_bug', { ...bug, title: 'Third' });
    expect(reports()).toHaveLength(3);
  });

  it('a message is feedback and nothing is written', async () => {
    await setup({ response: 'message', text: 'Add the log file.' });
    const r = await h.call('report_bug', bug);
    expect(h.text(r)).toBe(
      'The user did not save the bug report, and provided feedback on it instead:\n<feedback>\nAdd the log file.\n</feedback>',
    );
    expect(reports()).toEqual([]);
  });

  it('no declines and nothing is written', async () => {
    await setup({ response: 'no' });
    expect(h.text(await h.call('report_bug', bug))).toBe('The user declined the bug report. Nothing was written.');
    expect(reports()).toEqual([]);
  });

  it('yolo writes without asking', async () => {
    await setup(undefined, { approval: { yolo: true } });
    await h.call('report_bug', { ...bug, api_request_output: 'HTTP 500', additional_context: 'v2 only' });
    expect(h.ui.asked).toEqual([]);
    const text = readFileSync(h.path(`.quiver/bug-reports/${reports()[0]}`), 'utf8');
    expect(text).toContain('```text\nHTTP 500\n```');
    expect(text).toContain('## Additional context\n\nv2 only');
  });

  it('a report folder linked outside the workspace is refused; nothing is written there', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'quiver-outside-'));
    try {
      await setup();
      await mkdir(h.path('.quiver'));
      await symlink(outside, h.path('.quiver/bug-reports'));
      const r = await h.call('report_bug', bug);
      expect(r.isError).toBe(true);
      expect(r.code).toBe('QUIVER_ERR_PATH_OUTSIDE');
      expect(h.text(r)).toContain('leads outside the workspace');
      expect(readdirSync(outside)).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('in a subagent (nobody to ask, S1) nothing is written', async () => {
    await setup({ response: 'yes' });
    const sub = h.runtime.createTask({ isSubagent: true });
    const r = await sub.call('report_bug', bug);
    expect(h.text(r)).not.toContain('saved to');
    expect(reports()).toEqual([]);
    await sub.dispose();
  });

  it('never follows a symlinked report folder into .git/ (P6)', async () => {
    await setup();
    await mkdir(h.path('.git/hooks'), { recursive: true });
    await mkdir(h.path('.quiver'));
    await symlink(h.path('.git/hooks'), h.path('.quiver/bug-reports'));
    const r = await h.call('report_bug', bug);
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_PATH_PROTECTED');
    expect(h.text(r)).toContain('Nothing was written');
    expect(readdirSync(h.path('.git/hooks'))).toEqual([]);
  });
});

describe('report_bug bad input', () => {
  it.each(['title', 'what_happened', 'steps_to_reproduce'])('a missing %s is the missing-parameter error', async (key) => {
    await setup();
    const params: Record<string, unknown> = { ...bug };
    delete params[key];
    const r = await h.call('report_bug', params);
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.text(r)).toContain(`Missing value for required parameter '${key}'`);
    expect(h.ui.asked).toEqual([]);
  });

  it('a field of the wrong type is a parameter error', async () => {
    await setup();
    expect((await h.call('report_bug', { ...bug, additional_context: 5 })).code).toBe('QUIVER_ERR_PARAM_INVALID');
  });
});
