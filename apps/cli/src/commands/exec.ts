import type { ContentBlock } from '@quiver/core';
import { parse, commonOptions } from '../args.js';
import { openRuntime } from '../open-runtime.js';
import { createTerminalUi } from '../terminal-ui.js';
import { usageError } from '../usage-error.js';
import { help } from './tools.js';

const USAGE = "quiver exec <tool> '<json params>' [--cwd DIR] [--config FILE] [--yes] [--json] [--verbose]";

/**
 * `quiver exec`: one call through the whole pipeline. Exit 0 on success, 1 on a tool error
 * (2 for usage and config errors, from the caller).
 */
export async function execCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...commonOptions, yes: { type: 'boolean', short: 'y' }, verbose: { type: 'boolean' } }, USAGE);
  if (values.help) return help(USAGE);
  const [tool, json = '{}'] = positionals;
  if (!tool) throw usageError(`Missing the tool name.\nUsage: ${USAGE}`);
  let params: unknown;
  try {
    params = JSON.parse(json === '-' ? await readStdin() : json);
  } catch (e) {
    throw usageError(`The params are not valid JSON (${(e as Error).message}). Pass one JSON object, e.g. '{"path":"README.md"}'.`);
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw usageError('The params must be a JSON object, e.g. \'{"path":"README.md"}\'.');
  const ui = createTerminalUi({ yes: values.yes ?? false, verbose: values.verbose, streamOutput: !values.json && process.stderr.isTTY });
  const runtime = await openRuntime(values, ui);
  const task = runtime.createTask();
  try {
    const result = await task.call(tool, params as Record<string, unknown>);
    if (values.json) process.stdout.write(`${JSON.stringify({ isError: result.isError, content: result.content })}\n`);
    else process.stdout.write(`${render(result.content)}\n`);
    return result.isError ? 1 : 0;
  } finally {
    await task.dispose();
    await runtime.dispose();
  }
}

function render(content: ContentBlock[]): string {
  return content.map((b) => (b.type === 'text' ? b.text : `[image ${b.mimeType}, ${Math.round((b.data.length * 3) / 4)} bytes]`)).join('\n');
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
