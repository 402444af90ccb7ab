import { checkTrust, loadConfig, trustFolder } from '@quiver/core/host';
import { workingDir } from '../args.js';
import { CLI_PRESETS } from '../default-preset.js';
import { askTrust } from './trust-prompt.js';
import { HOST_CONFIG_SECTIONS } from '@quiver/runtime';

/** The flags that bear on trust. */
export interface TrustFlags {
  cwd?: string;
  config?: string;
  trust?: boolean;
}

/**
 * Whether this run trusts the workspace folder (SPEC W1–W3). `--config FILE` is the user's own
 * file: undefined, so the runtime trusts it. `--trust` trusts for this run only. Otherwise the
 * trust store decides; when it says no, the folder's config would do more than its safe part,
 * and `prompt` is set with a terminal on both ends, the user is asked once (a yes is recorded,
 * bound to the config as it is now).
 * @example
 * const trusted = await decideTrust(values, { prompt: true });
 */
export async function decideTrust(flags: TrustFlags, options: { prompt: boolean }): Promise<boolean | undefined> {
  if (flags.config !== undefined) return undefined;
  if (flags.trust) return true;
  const cwd = workingDir(flags);
  const status = checkTrust(cwd);
  if (status.trusted) return true;
  if (!options.prompt || !process.stdin.isTTY || !process.stderr.isTTY) return false;
  // What the config would do, read as data: nothing is imported to ask the question.
  const preview = await loadConfig({ cwd, presets: CLI_PRESETS, trusted: false, sections: HOST_CONFIG_SECTIONS, deferUnknownKeys: true });
  if (!preview.ignored?.length) return false;
  if (!(await askTrust(status.folder, preview.ignored, status.changed ?? false))) return false;
  trustFolder(cwd);
  return true;
}
