#!/usr/bin/env node
// No static imports: `--help`, `--version` and a mistyped command answer without loading
// @quiver/core and its dependencies (zod, awilix, semver: ~150 ms of CPU), and each
// command loads only its own module graph.

const COMMANDS: Record<string, () => Promise<(argv: string[]) => Promise<number>>> = {
  tools: async () => (await import('./commands/tools.js')).toolsCommand,
  exec: async () => (await import('./commands/exec.js')).execCommand,
  config: async () => (await import('./commands/config.js')).configCommand,
  permissions: async () => (await import('./commands/permissions.js')).permissionsCommand,
  hooks: async () => (await import('./commands/hooks.js')).hooksCommand,
  sandbox: async () => (await import('./commands/sandbox.js')).sandboxCommand,
  mcp: async () => (await import('./commands/mcp.js')).mcpCommand,
  run: async () => {
    // @quiver/agent and the optional plugins load from their packages: they get the bundle's core and zod.
    (await import('./bundle/share-bundled-modules.js')).shareBundledModules();
    return (
      await optional(
        () => import('./commands/run.js'),
        ['@quiver/agent', '@quiver/tool-use-subagents', '@quiver/tool-browser-action'],
        "'quiver run' (the agent loop and its model providers)",
      )
    ).runCommand;
  },
  plugin: async () => (await import('./commands/plugin.js')).pluginCommand,
  build: async () =>
    (await optional(() => import('./commands/build.js'), ['esbuild'], "'quiver build' (it bundles the distribution with esbuild)"))
      .buildCommand,
  trust: async () => (await import('./commands/trust.js')).trustCommand,
};

/**
 * Load a command whose package a lean install leaves out (`npm i -g @quiver/cli` installs only
 * what the default tools need): when the package is missing, say which one to add.
 */
async function optional<T>(load: () => Promise<T>, packages: readonly string[], neededFor: string): Promise<T> {
  try {
    return await load();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // Only a missing package of this command's own list is ours to explain; anything else is a bug.
    const pkg = packages.find((p) => String((e as Error).message).includes(`'${p}'`));
    if ((code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') || !pkg) throw e;
    const { ERROR_CODES, quiverError } = await import('@quiver/core');
    throw quiverError(
      ERROR_CODES.DEPENDENCY_MISSING,
      `${neededFor} needs the package ${pkg}, which the default install leaves out. Install it beside quiver: 'npm i -g ${pkg}' (or install @quiver/all, every first-party tool).`,
      { key: pkg },
    );
  }
}

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
  plugin add <package>                   install a plugin, check its manifest, add it to quiver.config.*
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

// A module (the bundled entry, src/bundle/bundled-bin.ts, imports it to run it).
export {};
