import { loadConfig } from '@quiver/core';
import { parse, commonOptions } from '../args.js';
import { CLI_PRESETS } from '../default-preset.js';
import { openRuntime } from '../open-runtime.js';
import { createTerminalUi } from '../terminal-ui.js';
import { usageError } from '../usage-error.js';
import { help } from './tools.js';

const USAGE = 'quiver config validate [--cwd DIR] [--config FILE] [--json]';

/** `quiver config validate`: load the config, resolve every plugin, report. */
export async function configCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, commonOptions, USAGE);
  if (values.help) return help(USAGE);
  if (positionals[0] !== 'validate') throw usageError(`Unknown config subcommand '${positionals[0] ?? ''}'.\nUsage: ${USAGE}`);
  const loaded = await loadConfig({ cwd: values.cwd ?? process.cwd(), file: values.config, presets: CLI_PRESETS });
  const runtime = await openRuntime(values, createTerminalUi({ yes: false }));
  try {
    const tools = runtime.tools();
    const where = loaded.file ?? '(no config file: defaults)';
    if (values.json) process.stdout.write(`${JSON.stringify({ valid: true, file: loaded.file ?? null, tools: tools.map((t) => t.name) })}\n`);
    else process.stdout.write(`Config OK: ${where}\n${tools.length} tools: ${tools.map((t) => t.name).join(', ')}\n`);
    return 0;
  } finally {
    await runtime.dispose();
  }
}
