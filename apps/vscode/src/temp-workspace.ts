// A scratch workspace folder for the tests that compose a real runtime.
import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A temporary folder with files; `dispose()` removes it. */
export interface TempWorkspace {
  root: string;
  path(...parts: string[]): string;
  write(file: string, content: string | object, mode?: number): Promise<string>;
  dispose(): Promise<void>;
}

/** Create a temporary folder holding `files` (objects are written as JSON). */
export async function createTempWorkspace(files: Record<string, string | object> = {}): Promise<TempWorkspace> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'quiver-vscode-')));
  const ws: TempWorkspace = {
    root,
    path: (...parts) => join(root, ...parts),
    async write(file, content, mode) {
      const target = join(root, file);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
      if (mode !== undefined) await chmod(target, mode);
      return target;
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
  for (const [file, content] of Object.entries(files)) await ws.write(file, content);
  return ws;
}
