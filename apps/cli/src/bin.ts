#!/usr/bin/env node
// No static imports: `--help`, `--version` and a mistyped command answer without loading
// @quiver/core and its dependencies (zod, awilix, semver, tapable: ~150 ms of CPU), and each
// command loads only its own module graph.

const COMMANDS: Record<string, () => Promise<(argv: string[]) => Promise<number>>> = {
  tools: async () => (await import('./commands/tools.js')).toolsCommand,
  exec: async () => (await import('./commands/exec.js')).execCommand,
  config: async () => (await import('./commands/config.js')).configCommand,
  permissions: async () => (await import('./commands/permissions.js')).permissionsCommand,
  hooks: async () => (await import('./commands/hooks.js')).hooksCommand,
  sandbox: async () => (await import('./commands/sandbox.js')).sandboxCommand,
  mcp: async () => (await import('./commands/mcp.js')).mcpCommand,
  run: async () => (await import('./commands/run.js')).runCommand,
  plugin: async () => (await import('./commands/plugin.js')).pluginCommand,
  build: async () => (await import('./commands/build.js')).buildCommand,
  trust: async () => (await import('./commands/trust.js')).trustCommand,
};

const HELP = `quiver — the tools of an AI coding agent, gated and hooked

Usage: quiver <command> [options]

Commands:
  tools [<tool>] [--json]                list the configured tools, or one tool's parameters
  exec <tool> '<json>' [--yes] [--json]  run one tool call through the whole pipeline
  permissions check "<cmd>" [--json]     explain a command-permission decision
  sandbox check [--json]                 what the OS sandbox would allow a command here
  config validate                        check quiver.config.*
  hooks list [--json]                    hooks per event, in the order they run
  mcp [--yes] [--http [--port N]]        serve the tools over MCP (stdio, or HTTP on 127.0.0.1)
  run "<task>" [--provider P --model M]  an agent loop on a model provider (--base-url, --yes, --json)
  plugin new <name> [--dir DIR]          scaffold a standalone plugin package
  build --config FILE --out DIR          bundle a custom distribution (chosen plugins, baked config)
  trust [DIR] [--revoke | --list]        trust a workspace folder: its config then applies in full

Common options: --cwd DIR, --config FILE, --trust (trust the folder for this run), --debug, --help
A folder you have not trusted runs nothing of its own: no module config, hooks, MCP servers,
looser approval or endpoints ('quiver trust --help').
Run 'quiver <command> --help' for a command's options.
Exit codes: 0 ok, 1 tool error or denied, 2 usage or config error`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    // Asked for: the help on stdout, exit 0. No command at all is a usage error: stderr, exit 2.
    (name ? process.stdout : process.stderr).write(`${HELP}\n`);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write('0.1.0\n');
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`quiver: unknown command '${name}'. Run 'quiver --help' for the list.\n`);
    return 2;
  }
  return (await load())(rest);
}

// A reader that stops early (`quiver tools | head`) closes the pipe: the rest of the output is
// dropped quietly instead of an unhandled EPIPE with a stack trace. The command still ends
// normally, so running processes are stopped and the exit code is the command's.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  async (e: unknown) => {
    const debug = process.argv.includes('--debug');
    const message = e instanceof Error ? e.message : String(e);
    // The code goes on the first line, before a usage line the message may carry.
    const [first, ...more] = message.split('\n');
    process.stderr.write(`quiver: ${[`${first}${await errorCode(e)}`, ...more].join('\n')}\n`);
    if (debug && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
    process.exitCode = 2;
  },
);

/** ` [QUIVER_ERR_…]` for a Quiver error, else nothing (core is loaded only on this path). */
async function errorCode(e: unknown): Promise<string> {
  try {
    const { isQuiverError } = await import('@quiver/core');
    return isQuiverError(e) ? ` [${e.code}]` : '';
  } catch {
    return '';
  }
}
