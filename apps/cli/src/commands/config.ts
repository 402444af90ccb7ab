import { isQuiverError } from '@quiver/core';
import { loadConfig } from '@quiver/core/host';
import { parse, commonOptions, noExtraArguments, workingDir } from '../args.js';
import { CLI_PRESETS } from '../default-preset.js';
import { openRuntime } from '../open-runtime.js';
import { decideTrust } from '../trust/decide-trust.js';
import { createTerminalUi } from '../terminal-ui.js';
import { help } from './tools.js';
import { subcommand } from './subcommand.js';
import { HOST_CONFIG_SECTIONS } from '@quiver/runtime';

const USAGE = 'quiver config validate [--cwd DIR] [--config FILE] [--json]';

const DETAILS = `Load quiver.config.{ts,mjs,js,json} (the nearest one from --cwd upward, or --config), check it
against the schema, resolve every plugin it names, and list the tools it yields.
  --json   print { valid, file, tools }, or { valid: false, file, key, code, error } for a bad one
Exit codes: 0 valid, 2 invalid (the message names the key and what to change).`;

/** `quiver config validate`: load the config, resolve every plugin, report. */
export async function configCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, commonOptions, USAGE);
  if (values.help) return help(USAGE, DETAILS);
  subcommand('config', positionals, ['validate'], USAGE);
  noExtraArguments(positionals, 1, USAGE);
  const cwd = workingDir(values);
  try {
    const trusted = await decideTrust(values, { prompt: true });
    const loaded = await loadConfig({
      cwd,
      file: values.config,
      presets: CLI_PRESETS,
      trusted,
      sections: HOST_CONFIG_SECTIONS,
      deferUnknownKeys: true,
    });
    // Decided once: openRuntime must not ask a second time.
    const runtime = await openRuntime({ ...values, trust: trusted === true }, createTerminalUi({ yes: false }));
    try {
      const tools = runtime.tools();
      const where = loaded.file ?? '(no config file: defaults)';
      if (values.json)
        process.stdout.write(`${JSON.stringify({ valid: true, file: loaded.file ?? null, tools: tools.map((t) => t.name) })}\n`);
      else process.stdout.write(`Config OK: ${where}\n${tools.length} tools: ${tools.map((t) => t.name).join(', ')}\n`);
      return 0;
    } finally {
      await runtime.dispose();
    }
  } catch (e) {
    // `--json` answers in JSON either way, so a script can read why a config is invalid.
    if (!values.json || !isQuiverError(e)) throw e;
    process.stdout.write(
      `${JSON.stringify({ valid: false, file: e.file ?? values.config ?? null, key: e.key ?? null, code: e.code, error: e.message })}\n`,
    );
    return 2;
  }
}
