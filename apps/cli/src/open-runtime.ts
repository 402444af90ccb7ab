import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkConfigKeys, createRuntime, type Runtime } from '@quiver/runtime';
import type { HostUi } from '@quiver/core';
import type { LoadedConfig } from '@quiver/core/host';
import { workingDir } from './args.js';
import { bundledPlugins } from './bundle/bundled-registry.js';
import { CLI_PRESETS, DEFAULT_PLUGINS } from './default-preset.js';
import { decideTrust } from './trust/decide-trust.js';

/** The folder the CLI runs from: plugin package names resolve from here too. */
export const CLI_DIR = dirname(fileURLToPath(import.meta.url));

/**
 * The variables holding credentials the CLI and its first-party plugins read (provider keys,
 * search keys, the MCP token): no command or hook gets them (SPEC C1). Every `apiKeyEnv` the
 * config names is added by the runtime.
 */
export const CLI_CREDENTIAL_ENV: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'BRAVE_SEARCH_API_KEY',
  'TAVILY_API_KEY',
  'QUIVER_MCP_TOKEN',
];

const warned = new Set<string>();

/** Print a warning once per process (an MCP server opens a runtime per session). */
export function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  process.stderr.write(`quiver: ${message}\n`);
}

/**
 * Build the runtime for a command from its --cwd, --config and --trust flags (`api-key-env`:
 * `quiver run --api-key-env`). An untrusted folder is asked about on a terminal (see
 * `decideTrust`; not with `promptTrust: false`), else opened inert.
 */
export async function openRuntime(
  flags: { cwd?: string; config?: string; trust?: boolean; 'api-key-env'?: string },
  ui: HostUi,
  options: { promptTrust?: boolean } = {},
): Promise<Runtime> {
  return createRuntime({
    trusted: await decideTrust(flags, { prompt: options.promptTrust ?? true }),
    onWarning: warnOnce,
    credentialEnv: [...CLI_CREDENTIAL_ENV, ...(flags['api-key-env'] ? [flags['api-key-env']] : [])],
    cwd: workingDir(flags),
    configFile: flags.config,
    ui,
    presets: CLI_PRESETS,
    defaultPlugins: [...DEFAULT_PLUGINS],
    resolveFrom: [CLI_DIR],
    bundledPlugins: bundledPlugins(),
    // The CLI owns its process: no foreign fs.watch shares its inotify queue.
    watchFolders: true,
  });
}

/**
 * For a command that reads a config without opening a runtime: refuse a top-level key no host
 * section and no plugin the config names declares (the runtime would refuse it too), so a typo
 * like `sandbx` is never silently ignored.
 */
export function checkCliConfigKeys(loaded: LoadedConfig): Promise<void> {
  return checkConfigKeys(loaded, { defaultPlugins: [...DEFAULT_PLUGINS], resolveFrom: [CLI_DIR], bundledPlugins: bundledPlugins() });
}
