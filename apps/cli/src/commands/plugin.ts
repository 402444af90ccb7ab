import { resolve } from 'node:path';
import { parse } from '../args.js';
import { addPlugin } from '../plugin-add/add-plugin.js';
import { scaffoldPlugin } from '../scaffold/scaffold-plugin.js';
import type { QuiverSource } from '../scaffold/quiver-deps.js';
import { usageError } from '../usage-error.js';
import { help } from './tools.js';

const USAGE = `quiver plugin new <name> [--dir DIR] [--link MONOREPO_ROOT | --from-tarballs DIR] [--cwd DIR] [--json]
       quiver plugin add <package>[@range] [--cwd DIR] [--json]`;

const OPTIONS = {
  dir: { type: 'string' },
  link: { type: 'string' },
  'from-tarballs': { type: 'string' },
  cwd: { type: 'string' },
  json: { type: 'boolean' },
  debug: { type: 'boolean' },
} as const;

/** `quiver plugin add <package>`: install a plugin, check it, add it to quiver.config.*. */
async function add(
  spec: string | undefined,
  extra: string | undefined,
  values: { cwd?: string; json?: boolean; link?: string; dir?: string; 'from-tarballs'?: string },
): Promise<number> {
  if (!spec || extra) throw usageError(`Give one package, e.g. 'quiver plugin add quiver-tool-hello'.\nUsage: ${USAGE}`);
  if (values.link || values.dir || values['from-tarballs'])
    throw usageError(`--link, --dir and --from-tarballs are options of 'quiver plugin new'.\nUsage: ${USAGE}`);
  const added = await addPlugin(spec, resolve(values.cwd ?? process.cwd()));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(added)}\n`);
    return 0;
  }
  const where = added.config.created
    ? `created ${added.config.file}`
    : added.config.changed
      ? `added to ${added.config.file}`
      : `already in ${added.config.file}`;
  process.stdout.write(
    `Installed ${added.package}@${added.version} with ${added.packageManager} (tools: ${added.tools.join(', ') || 'none'}); ${where}.\n`,
  );
  return 0;
}

/**
 * `quiver plugin new <name>`: scaffold a standalone plugin package. `--link` points its
 * `@quiver/*` dependencies at a monorepo checkout, `--from-tarballs` at `pnpm pack` tarballs
 * (the packages are not on the npm registry yet); without either they are semver ranges.
 */
export async function pluginCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, USAGE);
  if (values.help) return help(USAGE);
  const [sub, name, extra] = positionals;
  if (sub === 'add') return add(name, extra, values);
  if (sub !== 'new') throw usageError(`Unknown plugin subcommand '${sub ?? ''}'.\nUsage: ${USAGE}`);
  if (!name || extra) throw usageError(`Give one plugin name, e.g. 'quiver plugin new word-count'.\nUsage: ${USAGE}`);
  if (values.link && values['from-tarballs']) throw usageError(`Use --link or --from-tarballs, not both.\nUsage: ${USAGE}`);
  const cwd = values.cwd ?? process.cwd();
  const source: QuiverSource = values.link
    ? { kind: 'link', root: resolve(cwd, values.link) }
    : values['from-tarballs']
      ? { kind: 'tarballs', dir: resolve(cwd, values['from-tarballs']) }
      : { kind: 'registry' };
  const made = await scaffoldPlugin({ name, dir: values.dir, cwd, source });
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ dir: made.dir, package: made.names.packageName, tool: made.names.toolName, files: made.files })}\n`,
    );
    return 0;
  }
  process.stdout.write(
    [
      `Created ${made.names.packageName} (tool ${made.names.toolName}) in ${made.dir}:`,
      ...made.files.map((f) => `  ${f}`),
      '',
      'Next:',
      `  cd ${made.dir}`,
      '  npm install && npm run build && npm test',
      '  npm publish                    # builds and tests again first (prepublishOnly)',
      `  quiver plugin add ${made.names.packageName}   # then, in a project that uses it`,
      '',
    ].join('\n'),
  );
  return 0;
}
