import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRuntime, type Runtime } from '@quiver/runtime';
import type { HostUi } from '@quiver/core';
import { workingDir } from './args.js';
import { CLI_PRESETS, DEFAULT_PLUGINS } from './default-preset.js';

/** The folder the CLI runs from: plugin package names resolve from here too. */
export const CLI_DIR = dirname(fileURLToPath(import.meta.url));

/**
 * The variables holding credentials the CLI and its first-party plugins read (provider keys,
 * search keys, the MCP token): no command or hook gets them (SPEC C1). Every `apiKeyEnv` the
 * config names is added by the runtime.
 */
export const CLI_CREDENTIAL_ENV: readonly string[] = ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'BRAVE_SEARCH_API_KEY', 'TAVILY_API_KEY', 'QUIVER_MCP_TOKEN'];

/** Build the runtime for a command from its --cwd and --config flags (`apiKeyEnv`: `quiver run --api-key-env`). */
export function openRuntime(flags: { cwd?: string; config?: string; 'api-key-env'?: string }, ui: HostUi): Promise<Runtime> {
  return createRuntime({
    credentialEnv: [...CLI_CREDENTIAL_ENV, ...(flags['api-key-env'] ? [flags['api-key-env']] : [])],
    cwd: workingDir(flags),
    configFile: flags.config,
    ui,
    presets: CLI_PRESETS,
    defaultPlugins: [...DEFAULT_PLUGINS],
    resolveFrom: [CLI_DIR],
  });
}
