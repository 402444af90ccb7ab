import { HOOK_NAMES, type HookName } from '@quiver/core';
import { parse, commonOptions, noExtraArguments } from '../args.js';
import { openRuntime } from '../open-runtime.js';
import { createTerminalUi } from '../terminal-ui.js';
import { subcommand } from './subcommand.js';
import { help } from './tools.js';

const USAGE = 'quiver hooks list [--json] [--cwd DIR] [--config FILE]';

const DETAILS = `List every hook event with its taps (the plugins' and the config's command hooks), in the
order they run: lower stage first. Config hooks show as 'config:<command>'.
  --json   print [{ hook, kind, taps: [{ name, stage, tools }] }]`;

/** `quiver hooks list`: the taps of every hook, in the order they run. */
export async function hooksCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, commonOptions, USAGE);
  if (values.help) return help(USAGE, DETAILS);
  subcommand('hooks', positionals, ['list'], USAGE);
  noExtraArguments(positionals, 1, USAGE);
  const runtime = await openRuntime(values, createTerminalUi({ yes: false }));
  try {
    await runtime.host.registry.loadAll({ includeHidden: true }); // plugins tap hooks when they load
    const table = (Object.keys(HOOK_NAMES) as HookName[]).map((hook) => ({
      hook,
      kind: HOOK_NAMES[hook],
      taps: runtime.host.hooks.taps(hook),
    }));
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify(
          table.map((t) => ({ ...t, taps: t.taps.map(({ name, stage, tools }) => ({ name, stage, tools: tools ?? null })) })),
          null,
          2,
        )}\n`,
      );
      return 0;
    }
    for (const { hook, kind, taps } of table) {
      process.stdout.write(`${hook} (${kind})${taps.length ? '' : ': none'}\n`);
      taps.forEach((t, i) =>
        process.stdout.write(`  ${i + 1}. ${t.name}  stage ${t.stage}${t.tools ? `  tools: ${t.tools.join(', ')}` : ''}\n`),
      );
    }
    return 0;
  } finally {
    await runtime.dispose();
  }
}
