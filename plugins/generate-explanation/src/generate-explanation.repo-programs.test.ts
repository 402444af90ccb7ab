import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import generateExplanation from './index.js';

let h: TestHarness;
afterEach(async () => h?.dispose());

const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' };
const git = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8', env });

/** Every way a repository's config can name a program git runs by itself (SPEC G1). */
const PROGRAM_KEYS = [
  ['core.fsmonitor', 'fsmonitor'],
  ['core.pager', 'pager'],
  ['pager.diff', 'pager-diff'],
  ['diff.external', 'external'],
  ['diff.evil.textconv', 'textconv'],
  ['diff.evil.command', 'diff-command'],
  ['filter.evil.clean', 'clean'],
  ['filter.evil.smudge', 'smudge'],
  ['filter.evil.process', 'process'],
] as const;

/** A committed repository whose config and attributes try every program; returns the marker folder. */
async function hostileRepo(): Promise<string> {
  h = await createTestHarness({ plugins: [generateExplanation], files: { 'a.txt': 'one\n' } });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-qm', 'v1');
  const markers = h.path('.git/markers');
  execFileSync('mkdir', ['-p', markers]);
  for (const [key, name] of PROGRAM_KEYS) {
    const script = h.path(`.git/${name}.sh`);
    // Each program leaves a marker, then behaves enough like the real thing to keep git going.
    writeFileSync(script, `#!/bin/sh\ntouch '${join(markers, name)}'\ncat "$@" 2>/dev/null\nexit 0\n`);
    chmodSync(script, 0o755);
    git('config', key, script);
  }
  git('config', 'filter.evil.required', 'true');
  git('config', 'core.hooksPath', h.path('.git/hooks-evil'));
  await h.write('.gitattributes', '* diff=evil filter=evil\n');
  await h.write('a.txt', 'one\ntwo\n');
  return markers;
}

describe("generate_explanation runs none of the repository's programs (G1)", () => {
  it('fsmonitor, pager, external diff, textconv and filter drivers never run; the diff is still right', async () => {
    const markers = await hostileRepo();
    for (const to of [undefined, 'HEAD']) {
      const r = await h.call('generate_explanation', { title: 'x', from_ref: 'HEAD', ...(to ? { to_ref: to } : {}) });
      expect(r.isError).toBe(false);
      if (!to) expect(h.text(r)).toContain('+two');
    }
    expect(readdirSync(markers)).toEqual([]);
    // Control: the same repository does run them when git is used plainly.
    spawnSync('git', ['diff', 'HEAD'], { cwd: h.root, env, stdio: 'ignore' });
    expect(readdirSync(markers).length).toBeGreaterThan(0);
  });

  it.each([['--output=x'], ['-p'], ['--ext-diff']])('an option-like ref %s is refused before git sees it', async (ref) => {
    await hostileRepo();
    const r = await h.call('generate_explanation', { title: 't', from_ref: 'HEAD', to_ref: ref });
    expect(r.code).toBe('QUIVER_ERR_PARAM_INVALID');
    expect(existsSync(h.path('x'))).toBe(false);
  });
});
