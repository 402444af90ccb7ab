import { resolve } from 'node:path';
import { parse } from '../args.js';
import { scaffoldPlugin } from '../scaffold/scaffold-plugin.js';
import type { QuiverSource } from '../scaffold/quiver-deps.js';
import { usageError } from '../usage-error.js';
import { help } from './tools.js';

const USAGE = 'quiver plugin new <name> [--dir DIR] [--link MONOREPO_ROOT | --from-tarballs DIR] [--cwd DIR] [--json]';

const OPTIONS = {
  dir: { type: 'string' },
  link: { type: 'string' },
  'from-tarballs': { type: 'string' },
  cwd: { type: 'string' },
  json: { type: 'boolean' },
  debug: { type: 'boolean' },
} as const;

/**
 * `quiver plugin new <name>`: scaffold a standalone plugin package. `--link` points its
 * `@quiver/*` dependencies at a monorepo checkout, `--from-tarballs` at `pnpm pack` tarballs
 * (the packages are not on the npm registry yet); without either they are semver ranges.
 */
export async function pluginCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, USAGE);
  if (values.help) return help(USAGE);
  const [sub, name, extra] = positionals;
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
    process.stdout.write(`${JSON.stringify({ dir: made.dir, package: made.names.packageName, tool: made.names.toolName, files: made.files })}\n`);
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
      '',
    ].join('\n'),
  );
  return 0;
}
