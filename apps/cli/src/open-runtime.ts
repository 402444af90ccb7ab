import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRuntime, type Runtime } from '@quiver/runtime';
import type { HostUi } from '@quiver/core';
import { workingDir } from './args.js';
import { CLI_PRESETS, DEFAULT_PLUGINS } from './default-preset.js';

/** The folder the CLI runs from: plugin package names resolve from here too. */
export const CLI_DIR = dirname(fileURLToPath(import.meta.url));

/** Build the runtime for a command from its --cwd and --config flags. */
export function openRuntime(flags: { cwd?: string; config?: string }, ui: HostUi): Promise<Runtime> {
  return createRuntime({
    cwd: workingDir(flags),
    configFile: flags.config,
    ui,
    presets: CLI_PRESETS,
    defaultPlugins: [...DEFAULT_PLUGINS],
    resolveFrom: [CLI_DIR],
  });
}
