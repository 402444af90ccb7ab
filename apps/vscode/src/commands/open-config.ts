import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandDeps } from './command-deps.js';

/** The config `Quiver: Open Config` offers to create when there is none. */
export const STARTER_CONFIG = {
  extends: 'quiver:default',
  approval: { readFiles: true, editFiles: false, executeSafeCommands: true },
  tools: {},
};

const CREATE = 'Create quiver.config.json';

/**
 * `Quiver: Open Config`: open the config in use; with none, offer to create
 * `quiver.config.json` in the first folder (`{ create: true }` creates it without asking).
 * Returns the file opened, if any.
 */
export async function openConfigCommand(deps: CommandDeps, args: { create?: boolean } = {}): Promise<string | undefined> {
  const composed = await deps.session.current().catch(() => undefined);
  let file = composed?.configFile;
  if (!file) {
    const folder = deps.folders()[0];
    if (!folder) {
      await deps.window.showErrorMessage('Quiver: open a folder first; the config lives in the workspace.');
      return undefined;
    }
    const answer = args.create
      ? CREATE
      : await deps.window.showInformationMessage('Quiver: this workspace has no quiver.config.* (the defaults apply).', CREATE);
    if (answer !== CREATE) return undefined;
    file = join(folder, 'quiver.config.json');
    // 'wx': never overwrite a config that appeared meanwhile.
    await writeFile(file, `${JSON.stringify(STARTER_CONFIG, null, 2)}\n`, { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
    deps.session.invalidate();
  }
  await deps.window.showTextDocument(await deps.openDocument(file));
  return file;
}
