import { parse, commonOptions } from '../args.js';
import { openRuntime } from '../open-runtime.js';
import { createTerminalUi } from '../terminal-ui.js';

const USAGE = 'quiver tools [--json] [--cwd DIR] [--config FILE]';

/** `quiver tools`: each tool's name, package and one-line description (from manifests only). */
export async function toolsCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, commonOptions, USAGE);
  if (values.help) return help(USAGE);
  const runtime = await openRuntime(values, createTerminalUi({ yes: false }));
  try {
    const tools = runtime.tools();
    if (values.json) {
      process.stdout.write(`${JSON.stringify(tools.map(({ name, package: pkg, description }) => ({ name, package: pkg, description: description ?? '' })), null, 2)}\n`);
    } else {
      const width = Math.max(4, ...tools.map((t) => t.name.length));
      const pkgWidth = Math.max(7, ...tools.map((t) => t.package.length));
      for (const t of tools) process.stdout.write(`${t.name.padEnd(width)}  ${t.package.padEnd(pkgWidth)}  ${t.description ?? ''}\n`.replace(/\s+\n$/, '\n'));
    }
    return 0;
  } finally {
    await runtime.dispose();
  }
}

/** Print a usage line to stdout. */
export function help(usage: string): number {
  process.stdout.write(`Usage: ${usage}\n`);
  return 0;
}
