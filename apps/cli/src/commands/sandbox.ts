import { resolve } from 'node:path';
import { loadConfig } from '@quiver/core/host';
import { formatSandboxReport } from '@quiver/sandbox';
import { parse, commonOptions, noExtraArguments, workingDir } from '../args.js';
import { CLI_PRESETS } from '../default-preset.js';
import { openSandbox } from '../open-sandbox.js';
import { subcommand } from './subcommand.js';
import { help } from './tools.js';
import { HOST_CONFIG_SECTIONS } from '@quiver/runtime';
import { checkCliConfigKeys } from '../open-runtime.js';

const USAGE = 'quiver sandbox check [--json] [--cwd DIR] [--config FILE]';

const DETAILS = `Explain what the OS sandbox would allow a command here: whether it runs (bubblewrap found and
able to create namespaces), the mode, what is writable and read-only, which paths the ignore
rules and sandbox.denyRead hide, the network, and the commands excluded to the host.
  --json   print the report as JSON
Exit codes: 0 the sandbox runs (or sandbox.mode is "off"), 1 it is unavailable here, 2 usage or config error.`;

/** `quiver sandbox check`: what the sandbox would allow in this workspace. */
export async function sandboxCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, commonOptions, USAGE);
  if (values.help) return help(USAGE, DETAILS);
  subcommand('sandbox', positionals, ['check'], USAGE);
  noExtraArguments(positionals, 1, USAGE);
  const cwd = workingDir(values);
  const loaded = await loadConfig({
    cwd,
    file: values.config,
    presets: CLI_PRESETS,
    sections: HOST_CONFIG_SECTIONS,
    deferUnknownKeys: true,
  });
  await checkCliConfigKeys(loaded);
  const opened = await openSandbox(cwd, loaded);
  try {
    const report = await opened.sandbox.report(resolve(cwd));
    process.stdout.write(values.json ? `${JSON.stringify(report)}\n` : `${formatSandboxReport(report)}\n`);
    return report.mode === 'off' || report.available ? 0 : 1;
  } finally {
    await opened.close();
  }
}
