import { checkTrust, listTrusted, loadConfig, revokeFolder, trustFolder, trustStorePath } from '@quiver/core/host';
import { parse, noExtraArguments, workingDir } from '../args.js';
import { CLI_PRESETS } from '../default-preset.js';
import { usageError } from '../usage-error.js';
import { help } from './tools.js';
import { HOST_CONFIG_SECTIONS } from '@quiver/runtime';

const USAGE = 'quiver trust [DIR] [--revoke] [--list] [--json]';

const DETAILS = `Trust a workspace folder (default: the current one): its quiver.config.* then applies in full —
module configs, hooks, MCP servers, approval settings, roots and endpoints. Until then Quiver
runs nothing the folder provides and applies only the safe part of a JSON config.
Trust is bound to the config files as they are now (the config, its extends, the hook scripts
they name): when one changes, the folder is untrusted again until you trust it again.
  --revoke   forget the folder's trust
  --list     list the trusted folders
  --json     print JSON
The decisions are kept in ${'$'}QUIVER_TRUST_STORE, else ${'$'}XDG_CONFIG_HOME/quiver/trusted-folders.json
(~/.config/quiver/trusted-folders.json).`;

const OPTIONS = {
  revoke: { type: 'boolean' },
  list: { type: 'boolean' },
  json: { type: 'boolean' },
  cwd: { type: 'string' },
  debug: { type: 'boolean' },
} as const;

/** `quiver trust [DIR]`, `--revoke`, `--list`: the user's decisions about workspace folders. */
export async function trustCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, USAGE);
  if (values.help) return help(USAGE, DETAILS);
  noExtraArguments(positionals, 1, USAGE);
  if (values.list) {
    if (values.revoke || positionals.length) throw usageError(`--list takes no folder and no --revoke.\nUsage: ${USAGE}`);
    return list(values.json ?? false);
  }
  const folder = workingDir({ cwd: positionals[0] ?? values.cwd });
  if (values.revoke) {
    const had = revokeFolder(folder);
    const real = checkTrust(folder).folder;
    if (values.json) process.stdout.write(`${JSON.stringify({ folder: real, revoked: had })}\n`);
    else process.stdout.write(had ? `No longer trusted: ${real}\n` : `${real} was not trusted (nothing to revoke).\n`);
    return 0;
  }
  // What trust will turn on, read as data (nothing is imported): the lines an untrusted run leaves out.
  const preview = await loadConfig({
    cwd: folder,
    presets: CLI_PRESETS,
    trusted: false,
    sections: HOST_CONFIG_SECTIONS,
    deferUnknownKeys: true,
  });
  const entry = trustFolder(folder);
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ folder: entry.folder, hash: entry.hash, files: entry.files, grants: preview.ignored ?? [], store: trustStorePath() })}\n`,
    );
    return 0;
  }
  const lines = [`Trusted: ${entry.folder}`];
  if (entry.files.length) lines.push('Bound to these files (a change asks again):', ...entry.files.map((f) => `  ${f}`));
  else lines.push('It has no quiver.config.* (nothing to apply yet); a config added later asks again.');
  if (preview.ignored?.length) lines.push('Now applied in full:', ...preview.ignored.map((i) => `  - ${i}`));
  lines.push(`Stored in ${trustStorePath()}. Undo with 'quiver trust --revoke ${entry.folder}'.`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

function list(json: boolean): number {
  const entries = listTrusted();
  if (json) {
    process.stdout.write(`${JSON.stringify(entries.map((e) => ({ ...e, current: checkTrust(e.folder).trusted })))}\n`);
    return 0;
  }
  if (!entries.length) process.stdout.write(`No trusted folders (store: ${trustStorePath()}).\n`);
  for (const e of entries)
    process.stdout.write(
      `${e.folder}  ${checkTrust(e.folder).trusted ? 'trusted' : 'config changed since: asks again'}  (${e.trustedAt})\n`,
    );
  return 0;
}
