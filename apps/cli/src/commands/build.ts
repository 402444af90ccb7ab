import { relative } from 'node:path';
import { parse } from '../args.js';
import { buildDistribution } from '../build/build-distribution.js';
import { CLI_DIR } from '../open-runtime.js';
import { usageError } from '../usage-error.js';
import { help } from './tools.js';

const USAGE = 'quiver build --config FILE --out DIR [--minify] [--cwd DIR] [--json]';

const OPTIONS = {
  config: { type: 'string' },
  out: { type: 'string' },
  minify: { type: 'boolean' },
  cwd: { type: 'string' },
  json: { type: 'boolean' },
  debug: { type: 'boolean' },
} as const;

/**
 * `quiver build`: a custom distribution — one bundle of the CLI and MCP server with only the
 * config's plugins and its settings baked in, runnable with plain `node` anywhere.
 */
export async function buildCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, USAGE);
  if (values.help) return help(USAGE);
  if (positionals.length) throw usageError(`Unexpected argument '${positionals[0]}'.\nUsage: ${USAGE}`);
  if (!values.config || !values.out) throw usageError(`Give the build config and the output folder.\nUsage: ${USAGE}`);
  const cwd = values.cwd ?? process.cwd();
  const built = await buildDistribution({ configFile: values.config, outDir: values.out, cwd, cliDir: CLI_DIR, minify: values.minify });
  if (values.json) {
    process.stdout.write(`${JSON.stringify(built)}\n`);
    return 0;
  }
  const tools = built.plugins.flatMap((p) => p.tools);
  process.stdout.write(
    [
      `Built ${relative(cwd, built.bin) || built.bin} (${(built.bytes / 1024 / 1024).toFixed(1)} MB): ${built.plugins.length} plugins, ${tools.length} tools (${tools.join(', ')})`,
      ...(built.assets.length ? [`Copied beside it: ${built.assets.join(', ')}`] : []),
      `Distribution: ${relative(cwd, built.outDir) || built.outDir}, ${(built.totalBytes / 1024 / 1024).toFixed(1)} MB in all`,
      `Run: node ${built.bin} tools`,
      '',
    ].join('\n'),
  );
  return 0;
}
