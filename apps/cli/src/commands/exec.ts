import type { ContentBlock } from '@quiver/core';
import { escapeTerminal } from '@quiver/core/host';
import { parse, commonOptions, noExtraArguments } from '../args.js';
import { openRuntime } from '../open-runtime.js';
import { createTerminalUi } from '../terminal-ui.js';
import { usageError } from '../usage-error.js';
import { help } from './tools.js';

const USAGE = "quiver exec <tool> '<json params>' [--cwd DIR] [--config FILE] [--yes] [--json] [--verbose]";

const DETAILS = `Run one tool call through the whole pipeline (validation, command permissions, ignore rules,
path checks, approval, hooks) and print the result the model would read.
  <json params>  one JSON object ('-' reads it from stdin); 'quiver tools <tool>' lists them
  --yes, -y      approve what would be asked; the command permissions and ignore rules still apply
  --json         print { isError, content } instead of the text
  --verbose      also print the tool's messages to the user (stderr)
On a terminal, a call that needs approval is put to you; without one it is refused with a
message naming --yes or the setting that would allow it.
Exit codes: 0 success, 1 tool error or denied, 2 usage or config error.
Example: quiver exec read_file '{"path":"README.md","start_line":1,"end_line":20}'`;

/**
 * `quiver exec`: one call through the whole pipeline. Exit 0 on success, 1 on a tool error
 * (2 for usage and config errors, from the caller).
 */
export async function execCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(
    argv,
    { ...commonOptions, yes: { type: 'boolean', short: 'y' }, verbose: { type: 'boolean' } },
    USAGE,
  );
  if (values.help) return help(USAGE, DETAILS);
  const [tool, json = '{}'] = positionals;
  if (!tool) throw usageError(`Missing the tool name ('quiver tools' lists them).\nUsage: ${USAGE}`);
  noExtraArguments(positionals, 2, USAGE, 'Pass the params as one quoted JSON object.');
  let params: unknown;
  try {
    params = JSON.parse(json === '-' ? await readStdin() : json);
  } catch (e) {
    throw usageError(`The params are not valid JSON (${(e as Error).message}). Pass one JSON object, e.g. '{"path":"README.md"}'.`);
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw usageError('The params must be a JSON object, e.g. \'{"path":"README.md"}\'.');
  const ui = createTerminalUi({ yes: values.yes ?? false, verbose: values.verbose, streamOutput: !values.json && process.stderr.isTTY });
  const runtime = await openRuntime(values, ui);
  const task = runtime.createTask();
  try {
    // A person typed the call: any enabled tool, hidden ones included (the executor checks it).
    const result = await task.call(tool, params as Record<string, unknown>, { from: 'host' });
    ui.endOutput();
    if (values.json) process.stdout.write(`${JSON.stringify({ isError: result.isError, content: result.content })}\n`);
    // On a terminal, what a tool read or a command printed cannot drive it (C4); piped, it is data.
    else process.stdout.write(`${process.stdout.isTTY ? escapeTerminal(render(result.content)) : render(result.content)}\n`);
    return result.isError ? 1 : 0;
  } finally {
    await task.dispose();
    await runtime.dispose();
  }
}

function render(content: ContentBlock[]): string {
  return content
    .map((b) => (b.type === 'text' ? b.text : `[image ${b.mimeType}, ${Math.round((b.data.length * 3) / 4)} bytes]`))
    .join('\n');
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
