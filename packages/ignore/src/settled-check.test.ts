import { renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, folderWatchesOf, type Workspace } from '@quiver/workspace';
import { createIgnoreService, type QuiverIgnoreService } from './create-ignore-service.js';

/**
 * A settled path check (the gate waited for the workspace's watchers) skips the ignore files'
 * stats while the watches vouch for them; everything the watches cannot vouch for is still
 * stat'ed, so the next check sees every change.
 */
let base: string;
let root: string;
let ws: Workspace;
let ig: QuiverIgnoreService;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-settled-')));
  root = join(base, 'root');
  await mkdir(join(root, 'rules'), { recursive: true });
  await writeFile(join(root, 'a.txt'), 'a');
});
afterEach(async () => {
  ig?.dispose();
  ws?.dispose();
  await rm(base, { recursive: true, force: true });
});

async function start(files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) await writeFile(join(root, path), content);
  ws = await createWorkspace([root], { watch: true });
  ig = await createIgnoreService(ws);
  for (let i = 0; i < 3; i++) await allowed('a.txt');
}

/** The gate's way: settle, then a settled resolve and check. */
async function allowed(path: string): Promise<boolean> {
  await ws.settle();
  return ig.checkPathSync(ws.resolveSync(path, { settled: true }), 'read', true).allowed;
}

describe('settled checkPathSync', () => {
  it('arms the root: its ignore files are vouched for by a mark in the root folder watch', async () => {
    await start({ '.quiverignore': 'b.txt\n' });
    const marks = folderWatchesOf(ws)?.folder(root)?.marks;
    expect(marks?.has('.quiverignore')).toBe(true);
    expect(marks?.has('.clineignore')).toBe(true);
    // A planted verdict-changing edit with no event: only an armed, settled check misses it.
    const mark = marks?.get('.quiverignore');
    writeFileSync(join(root, '.quiverignore'), 'a.txt\n');
    marks?.set('.quiverignore', mark);
    marks?.set('.clineignore', mark);
    expect(ig.checkPathSync(ws.resolveSync('a.txt'), 'read', true).allowed).toBe(true);
    expect(ig.checkPathSync(ws.resolveSync('a.txt'), 'read').allowed).toBe(false);
  });

  it('sees an included file edited in place (includes are always stat-checked)', async () => {
    await start({ '.quiverignore': '!include rules/more\n', 'rules/more': 'b.txt\n' });
    writeFileSync(join(root, 'rules/more'), 'a.txt\n');
    expect(await allowed('a.txt')).toBe(false);
  });

  it('sees an included file created', async () => {
    await start({ '.quiverignore': '!include rules/later\n' });
    writeFileSync(join(root, 'rules/later'), 'a.txt\n');
    expect(await allowed('a.txt')).toBe(false);
  });

  it('does not arm an ignore file that is a symlink, and sees its target edited', async () => {
    await start({ 'rules/real': 'b.txt\n' });
    symlinkSync('rules/real', join(root, '.quiverignore'));
    expect(await allowed('a.txt')).toBe(true);
    expect(await allowed('a.txt')).toBe(true);
    writeFileSync(join(root, 'rules/real'), 'a.txt\n');
    expect(await allowed('a.txt')).toBe(false);
  });

  it('sees the rules folder of a symlinked ignore file swapped', async () => {
    await start({ 'rules/real': 'b.txt\n' });
    symlinkSync('rules/real', join(root, '.quiverignore'));
    await allowed('a.txt');
    await mkdir(join(root, 'other'));
    writeFileSync(join(root, 'other/real'), 'a.txt\n');
    renameSync(join(root, 'rules'), join(root, 'rules-old'));
    renameSync(join(root, 'other'), join(root, 'rules'));
    expect(await allowed('a.txt')).toBe(false);
  });

  it('sees the ignore file edited, right before the check', async () => {
    await start({ '.quiverignore': 'b.txt\n' });
    writeFileSync(join(root, '.quiverignore'), 'a.txt\n');
    expect(await allowed('a.txt')).toBe(false);
    writeFileSync(join(root, '.quiverignore'), 'b.txt\n');
    expect(await allowed('a.txt')).toBe(true);
  });
});
