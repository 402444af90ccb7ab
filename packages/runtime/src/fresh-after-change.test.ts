import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, readFile as readFileCb, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coreServices, definePlugin, defineTool, resultText, type HostUi, type ToolResult } from '@quiver/core';
import type { Task } from '@quiver/core/host';
import { createRuntime, type Runtime } from './index.js';

/**
 * The workspace and ignore services cache what watchers vouch for (folder entries, the ignore
 * files). Whatever changes right before a call, however it is made, the call must see it: the
 * gate waits for the watchers before it trusts a cached fact.
 */
const ui: HostUi = {
  say: () => undefined,
  ask: async () => ({ response: 'yes' }),
  approve: async () => ({ approved: true }),
};

/** Where a path leads and what it holds, as the gates resolved it. */
const peek = defineTool({
  name: 'peek',
  description: 'Where a path leads.',
  params: z.object({ path: z.string() }),
  approval: 'read',
  paths: { path: 'read' },
  execute: async (config) => {
    const p = config.paths.path;
    return `${p.resolved}\n${p.exists ? await readFile(p.resolved, 'utf8') : 'missing'}`;
  },
});
const plugin = definePlugin({ name: 'quiver-tool-peek', tools: [peek] });

interface Change {
  name: string;
  /** The path called before and after the change. */
  path: string;
  /** The change, made three ways: synchronously, by a shell child (cwd: the root), by fs.promises. */
  sync(root: string): void;
  sh: string;
  promises(root: string): Promise<void>;
  /** What the call after the change must answer. */
  expect(result: ToolResult, root: string): void;
}

const ignored = (result: ToolResult) => {
  expect(result.isError).toBe(true);
  expect(resultText(result)).toContain('.quiverignore');
};
const ignoredBy = (file: string) => (result: ToolResult) => {
  expect(result.isError).toBe(true);
  expect(resultText(result)).toContain(file);
};
const leadsTo = (relative: string, content: string) => (result: ToolResult, root: string) => {
  expect(result.isError, resultText(result)).toBeFalsy();
  expect(resultText(result)).toBe(`${relative.startsWith('/') ? relative : join(root, relative)}\n${content}`);
};

/** The same change three ways: `file` (root-relative) gets `content`, in place. */
function write(file: string, content: string): Pick<Change, 'sync' | 'sh' | 'promises'> {
  return {
    sync: (root) => writeFileSync(join(root, file), content),
    sh: `printf '%s' '${content}' > '${file}'`,
    promises: (root) => writeFile(join(root, file), content),
  };
}

/** The same change three ways: `path` (root-relative) moved aside and a symlink to `target` put in its place. */
function swap(path: string, target: string): Pick<Change, 'sync' | 'sh' | 'promises'> {
  return {
    sync: (root) => {
      renameSync(join(root, path), join(root, `${path}-old`));
      symlinkSync(target, join(root, path));
    },
    sh: `mv '${path}' '${path}-old' && ln -s '${target}' '${path}'`,
    promises: async (root) => {
      await rename(join(root, path), join(root, `${path}-old`));
      await symlink(target, join(root, path));
    },
  };
}

const CHANGES: Change[] = [
  { name: 'the ignore file edited in place', path: 'd/sub/x.txt', ...write('.quiverignore', 'x.txt\n'), expect: ignored },
  { name: 'a new .clineignore', path: 'd/sub/x.txt', ...write('.clineignore', 'x.txt\n'), expect: ignoredBy('.clineignore') },
  {
    name: 'the ignore file renamed over',
    path: 'd/sub/x.txt',
    sync: (root) => {
      writeFileSync(join(root, 'next'), 'x.txt\n');
      renameSync(join(root, 'next'), join(root, '.quiverignore'));
    },
    sh: "printf 'x.txt\\n' > next && mv next .quiverignore",
    promises: async (root) => {
      await writeFile(join(root, 'next'), 'x.txt\n');
      await rename(join(root, 'next'), join(root, '.quiverignore'));
    },
    expect: ignored,
  },
  {
    name: 'the ignore file edited through a hard link outside the root',
    path: 'd/sub/x.txt',
    ...write('../hard-link', 'x.txt\n'),
    expect: ignored,
  },
  { name: 'a parent folder swapped for a link', path: 'd/sub/x.txt', ...swap('d', 'alt'), expect: leadsTo('alt/sub/x.txt', 'alt') },
  {
    name: 'a deeper folder swapped for a link',
    path: 'd/sub/x.txt',
    ...swap('d/sub', '../alt/sub'),
    expect: leadsTo('alt/sub/x.txt', 'alt'),
  },
  {
    name: 'a parent folder swapped for a link out of the root',
    path: 'd/sub/x.txt',
    ...swap('d', '../outside'),
    expect: (result, root) => expect(resultText(result)).not.toContain(join(root, 'd/sub/x.txt')),
  },
  { name: 'the file swapped for a link', path: 'f.txt', ...swap('f.txt', 'alt/f.txt'), expect: leadsTo('alt/f.txt', 'alt') },
  { name: 'a missing file created', path: 'd/new.txt', ...write('d/new.txt', 'new'), expect: leadsTo('d/new.txt', 'new') },
  {
    name: 'a missing folder created',
    path: 'e/x.txt',
    sync: (root) => {
      mkdirSync(join(root, 'e'));
      writeFileSync(join(root, 'e/x.txt'), 'e');
    },
    sh: "mkdir e && printf 'e' > e/x.txt",
    promises: async (root) => {
      await mkdir(join(root, 'e'));
      await writeFile(join(root, 'e/x.txt'), 'e');
    },
    expect: leadsTo('e/x.txt', 'e'),
  },
];

let base: string;
let root: string;
let runtime: Runtime | undefined;
let task: Task;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-fresh-')));
  root = join(base, 'root');
  for (const dir of ['d/sub', 'alt/sub']) await mkdir(join(root, dir), { recursive: true });
  await mkdir(join(base, 'outside/sub'), { recursive: true });
  await writeFile(join(root, '.quiverignore'), 'secret.txt\n');
  linkSync(join(root, '.quiverignore'), join(base, 'hard-link'));
  await writeFile(join(root, 'd/sub/x.txt'), 'd');
  await writeFile(join(root, 'alt/sub/x.txt'), 'alt');
  await writeFile(join(root, 'alt/f.txt'), 'alt');
  await writeFile(join(root, 'f.txt'), 'f');
  await writeFile(join(base, 'outside/sub/x.txt'), 'outside');
  runtime = await createRuntime({ cwd: root, config: {}, ui, plugins: [{ plugin }], noConfigPlugins: true, watchFolders: true });
  task = runtime.createTask();
});
afterEach(async () => {
  await runtime?.dispose();
  runtime = undefined;
  await rm(base, { recursive: true, force: true });
});

/** Calls until the watchers are up and the path's facts are cached (what the cache serves is then checked). */
async function warm(path: string): Promise<string> {
  let text = '';
  for (let i = 0; i < 3; i++) text = resultText(await task.call('peek', { path }));
  const workspace = runtime?.host.container.get(coreServices.workspace);
  expect(workspace?.settle?.(), 'the workspace watches folders after two calls').toBeInstanceOf(Promise);
  return text;
}

describe('a change right before a call is seen by that call', () => {
  for (const change of CHANGES) {
    describe(change.name, () => {
      it('made synchronously', async () => {
        await warm(change.path);
        change.sync(root);
        change.expect(await task.call('peek', { path: change.path }), root);
      });
      it('made by a child process', async () => {
        await warm(change.path);
        execFileSync('sh', ['-c', change.sh], { cwd: root });
        change.expect(await task.call('peek', { path: change.path }), root);
      });
      it('made with fs.promises', async () => {
        await warm(change.path);
        await change.promises(root);
        change.expect(await task.call('peek', { path: change.path }), root);
      });
      it('made inside an I/O callback, the call started there', async () => {
        await warm(change.path);
        const result = await new Promise<ToolResult>((resolve, reject) => {
          readFileCb(join(root, 'alt/f.txt'), () => {
            try {
              change.sync(root);
              task.call('peek', { path: change.path }).then(resolve, reject);
            } catch (e) {
              reject(e);
            }
          });
        });
        change.expect(result, root);
      });
    });
  }
});

describe('watchFolders', () => {
  it('is off unless the host asks (a foreign fs.watch in an embedder could flood the shared queue unseen)', async () => {
    const embedded = await createRuntime({ cwd: root, config: {}, ui, plugins: [{ plugin }], noConfigPlugins: true });
    try {
      const t = embedded.createTask();
      for (let i = 0; i < 3; i++) await t.call('peek', { path: 'f.txt' });
      expect(embedded.host.container.get(coreServices.workspace).settle?.()).toBeUndefined();
    } finally {
      await embedded.dispose();
    }
  });
});
