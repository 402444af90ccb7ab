import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import generateExplanation from './index.js';

let h: TestHarness;
afterEach(async () => h?.dispose());

const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: h.root,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  });

/** A repository with two commits: v1 adds a.txt, v2 changes it and adds b.txt. */
async function repo(extraFiles: Record<string, string> = {}) {
  h = await createTestHarness({ plugins: [generateExplanation], files: { 'a.txt': 'one\n', ...extraFiles } });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-qm', 'v1');
  git('tag', 'v1');
  await h.write('a.txt', 'one\ntwo\n');
  await h.write('b.txt', 'new file\n');
  git('add', '-A');
  git('commit', '-qm', 'v2');
}

describe('generate_explanation', () => {
  it('returns the changed files and the diff between two refs, and says the status', async () => {
    await repo();
    const r = await h.call('generate_explanation', { title: 'Second version', from_ref: 'v1', to_ref: 'main' });
    expect(r.isError).toBe(false);
    const text = h.text(r);
    expect(text).toContain(`Explanation request: "Second version"\nChanges from 'v1' to 'main': 2 file(s) changed.\nM\ta.txt\nA\tb.txt`);
    expect(text).toContain('+two');
    expect(text).toContain('+new file');
    expect(text).toMatch(/<diff>\ndiff --git a\/a.txt b\/a.txt[\s\S]*\n<\/diff>$/);
    expect(h.said).toContainEqual({
      type: 'generate_explanation',
      text: 'Second version',
      data: { title: 'Second version', fromRef: 'v1', toRef: 'main', status: 'complete', files: 2 },
    });
    expect(h.approvals).toEqual([]);
  });

  it('compares with the working tree by default', async () => {
    await repo();
    await h.write('a.txt', 'one\ntwo\nthree\n');
    const text = h.text(await h.call('generate_explanation', { title: 'WIP', from_ref: 'HEAD' }));
    expect(text).toContain("Changes from 'HEAD' to the working tree: 1 file(s) changed.\nM\ta.txt");
    expect(text).toContain('+three');
  });

  it('says when nothing changed', async () => {
    await repo();
    expect(h.text(await h.call('generate_explanation', { title: 'None', from_ref: 'main', to_ref: 'HEAD' }))).toBe(
      "No changes found between 'main' and 'HEAD'.",
    );
  });

  it('in a workspace below the repository root, sees only its own files, with paths relative to it', async () => {
    await repo({ 'sub/c.txt': 'c\n' });
    await h.write('sub/c.txt', 'c changed\n');
    await h.write('a.txt', 'outside the sub folder\n');
    const task = h.runtime.createTask({ cwd: h.path('sub') });
    const text = h.text(await task.call('generate_explanation', { title: 'sub', from_ref: 'HEAD' }));
    expect(text).toContain("Changes from 'HEAD' to the working tree: 1 file(s) changed.\nM\tc.txt");
    expect(text).not.toContain('outside the sub folder');
    await task.dispose();
  });

  it('leaves out files the ignore rules hide, and says how many', async () => {
    // secret.env is tracked, so git diff lists its change: only the ignore rules can hide it.
    await repo({ '.quiverignore': 'secret.env\n', 'secret.env': 'KEY=old\n' });
    await h.write('secret.env', 'KEY=hunter2\n');
    await h.write('a.txt', 'one\ntwo\nvisible\n');
    const r = await h.call('generate_explanation', { title: 'x', from_ref: 'HEAD' });
    expect(r.isError).toBe(false);
    const text = h.text(r);
    expect(text).toContain(
      "Changes from 'HEAD' to the working tree: 1 file(s) changed.\nM\ta.txt\n(1 more file(s) are hidden by the ignore rules and left out.)",
    );
    expect(text).toContain('+visible');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('secret.env');
  });
});

describe('generate_explanation errors', () => {
  it('outside a git repository', async () => {
    h = await createTestHarness({ plugins: [generateExplanation] });
    const r = await h.call('generate_explanation', { title: 't', from_ref: 'main' });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_TOOL_FAILED');
    expect(h.text(r)).toContain(`The current directory (${h.root}) is not a git repository.`);
    expect(h.said.at(-1)).toMatchObject({ type: 'generate_explanation', data: { status: 'error' } });
  });

  it.each([['nope'], ['--output=/tmp/x'], ['HEAD~99']])('an invalid ref %s', async (ref) => {
    await repo();
    const r = await h.call('generate_explanation', { title: 't', from_ref: ref });
    expect(r.code).toBe('QUIVER_ERR_PARAM_INVALID');
    expect(h.text(r)).toContain(`Invalid git reference '${ref}'.`);
  });

  it('an invalid to_ref', async () => {
    await repo();
    const r = await h.call('generate_explanation', { title: 't', from_ref: 'v1', to_ref: 'missing-branch' });
    expect(h.text(r)).toContain("Invalid git reference 'missing-branch'.");
  });

  it.each([
    [{ from_ref: 'main' }, 'title'],
    [{ title: 't' }, 'from_ref'],
  ])('%j misses %s', async (params, key) => {
    h = await createTestHarness({ plugins: [generateExplanation] });
    const r = await h.call('generate_explanation', params);
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.text(r)).toContain(`Missing value for required parameter '${key}'`);
  });

  it('a ref of the wrong type is a parameter error', async () => {
    h = await createTestHarness({ plugins: [generateExplanation] });
    expect((await h.call('generate_explanation', { title: 't', from_ref: 1 })).code).toBe('QUIVER_ERR_PARAM_INVALID');
  });
});
