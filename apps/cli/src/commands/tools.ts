import type { Registry, ToolDescriptor } from '@quiver/core/host';
import { parse, commonOptions, noExtraArguments } from '../args.js';
import { openRuntime } from '../open-runtime.js';
import { createTerminalUi } from '../terminal-ui.js';
import { usageError } from '../usage-error.js';

const USAGE = 'quiver tools [<tool>] [--json] [--cwd DIR] [--config FILE]';

const DETAILS = `List the tools the config loads (every first-party tool when there is no config): name,
package and a one-line description. With a tool name, show that tool's description and
parameters, i.e. what 'quiver exec <tool> <json>' takes.
  --json   print JSON: [{ name, package, description }], or for one tool
           { name, package, description, inputSchema, annotations }`;

/** `quiver tools`: each tool's name, package and one-line description (from manifests only). */
export async function toolsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, commonOptions, USAGE);
  if (values.help) return help(USAGE, DETAILS);
  noExtraArguments(positionals, 1, USAGE);
  const runtime = await openRuntime(values, createTerminalUi({ yes: false }));
  try {
    if (positionals[0] !== undefined) return await showTool(runtime.host.registry, positionals[0], values.json ?? false);
    const tools = runtime.tools();
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify(
          tools.map(({ name, package: pkg, description }) => ({ name, package: pkg, description: description ?? '' })),
          null,
          2,
        )}\n`,
      );
    } else {
      const width = Math.max(4, ...tools.map((t) => t.name.length));
      const pkgWidth = Math.max(7, ...tools.map((t) => t.package.length));
      for (const t of tools)
        process.stdout.write(`${t.name.padEnd(width)}  ${t.package.padEnd(pkgWidth)}  ${t.description ?? ''}\n`.replace(/\s+\n$/, '\n'));
    }
    return 0;
  } finally {
    await runtime.dispose();
  }
}

/** One tool in full, from its plugin's generated descriptors (the plugin is not imported). */
async function showTool(registry: Registry, name: string, json: boolean): Promise<number> {
  const info = registry.list().find((t) => t.name === name);
  const tool = info ? await registry.describe(name) : undefined;
  if (!info || !tool) {
    throw usageError(`No tool named '${name}' is configured. Run 'quiver tools' for the list.`);
  }
  if (json) {
    const { description, inputSchema, annotations } = tool;
    process.stdout.write(`${JSON.stringify({ name, package: info.package, description, inputSchema, annotations }, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(`${name}  (${info.package})\n\n${tool.description.trim()}\n\nParameters:\n${describeParams(tool)}\n`);
  return 0;
}

/** One line per parameter: name, type, required or optional, and its description. */
export function describeParams(tool: Pick<ToolDescriptor, 'inputSchema'>): string {
  const schema = tool.inputSchema as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return '  (none)';
  const required = new Set(schema.required ?? []);
  const width = Math.max(...entries.map(([key]) => key.length));
  return entries
    .map(([key, prop]) => {
      const what = `${typeOf(prop)}, ${required.has(key) ? 'required' : 'optional'}`;
      const text = typeof prop.description === 'string' ? ` ${prop.description}` : '';
      return `  ${key.padEnd(width)}  (${what})${text}`;
    })
    .join('\n');
}

function typeOf(prop: Record<string, unknown>): string {
  if (Array.isArray(prop.enum)) return prop.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(prop.type)) return prop.type.join(' | ');
  if (typeof prop.type === 'string') return prop.type === 'array' && isObject(prop.items) ? `${typeOf(prop.items)}[]` : prop.type;
  const alternatives = (prop.anyOf ?? prop.oneOf) as unknown;
  if (Array.isArray(alternatives)) return [...new Set(alternatives.filter(isObject).map(typeOf))].join(' | ');
  return 'any';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Print a usage line (and what the command does, when given) to stdout. */
export function help(usage: string, details?: string): number {
  process.stdout.write(`Usage: ${usage}\n${details ? `\n${details}\n` : ''}`);
  return 0;
}
