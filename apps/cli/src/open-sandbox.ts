import { resolve } from 'node:path';
import type { SandboxService } from '@quiver/core';
import type { LoadedConfig } from '@quiver/core/host';
import { createIgnoreService, type QuiverIgnoreService } from '@quiver/ignore';
import { createSandboxService, sandboxConfigSection } from '@quiver/sandbox';
import { createWorkspace } from '@quiver/workspace';

/**
 * The sandbox service `execute_command` would use in this workspace (the config's roots and
 * ignore rules), without composing a whole runtime. `close()` stops the ignore watcher.
 */
export async function openSandbox(
  cwd: string,
  loaded: LoadedConfig,
): Promise<{ sandbox: SandboxService; ignore: QuiverIgnoreService; close(): Promise<void> }> {
  const roots = (loaded.config.workspaceRoots ?? [cwd]).map((r) =>
    typeof r === 'string' ? resolve(loaded.dir, r) : { name: r.name, path: resolve(loaded.dir, r.path) },
  );
  const workspace = await createWorkspace(roots);
  const ignore = await createIgnoreService(workspace, { fileName: loaded.config.ignoreFile, watch: false });
  const sandbox = createSandboxService({
    settings: sandboxConfigSection.of(loaded.config),
    roots: workspace.roots.map((r) => r.path),
    ignore,
    protectedFiles: loaded.file ? [loaded.file] : [],
  });
  return {
    sandbox,
    ignore,
    async close() {
      ignore.dispose();
      await sandbox.dispose?.();
    },
  };
}
