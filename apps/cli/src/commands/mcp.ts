import { loadConfig } from '@quiver/core/host';
import { createRuntime, HOST_CONFIG_SECTIONS, mcpConfigSection, type McpSettings } from '@quiver/runtime';
import { parse, commonOptions, workingDir } from '../args.js';
import { CLI_PRESETS, DEFAULT_PLUGINS } from '../default-preset.js';
import { createMcpServer, type McpServerOptions, type QuiverMcpServer } from '../mcp/create-mcp-server.js';
import type { McpToken } from '../mcp/mcp-token.js';
import { QuiverStdioTransport } from '../mcp/stdio-transport.js';
import { bundledPlugins } from '../bundle/bundled-registry.js';
import { CLI_CREDENTIAL_ENV, CLI_DIR, warnOnce } from '../open-runtime.js';
import { decideTrust } from '../trust/decide-trust.js';
import { usageError } from '../usage-error.js';
import { help } from './tools.js';

const USAGE = 'quiver mcp [--cwd DIR] [--config FILE] [--trust] [--yes] [--verbose] [--http [--port N] [--token T]]';

const DETAILS = `Serve the configured tools to an MCP client. Every call runs through the whole pipeline, as
'quiver exec' does. Started by the client (stdio, the default): stdout carries the protocol,
diagnostics go to stderr, and it stops when stdin closes.
  --cwd DIR     the workspace (a client's roots/list replaces it)
  --trust       trust the folder for this server (else trust it beforehand: quiver trust DIR)
  --yes, -y     approve calls that would need approval when the client cannot be asked
                (no elicitation); the command permissions and ignore rules still apply
  --verbose     log the tools' messages to the user on stderr
  --http        serve Streamable HTTP on 127.0.0.1 instead, with a bearer token
                (QUIVER_MCP_TOKEN, or one generated and printed to stderr)
  --port N      the HTTP port (default 7077; 0 picks a free one)
  --token T     the bearer token (over QUIVER_MCP_TOKEN and mcp.token; other users may see
                it in the process list, so prefer the variable); 16+ characters, 8+ distinct
Limits and HTTP security (mcp.* in the config): mcp.maxMessageBytes (both transports),
mcp.allowedHosts, mcp.allowedOrigins, mcp.sessionIdleTimeout.
Client set-up (Claude Desktop, VS Code, Cline): see apps/cli/README.md.`;

/** The default port of `quiver mcp --http`. */
export const DEFAULT_MCP_PORT = 7077;

const log = (line: string) => process.stderr.write(`quiver mcp: ${line}\n`);

/**
 * `quiver mcp`: serve the configured tools over MCP, on stdio (the default; stdout carries
 * the protocol, diagnostics go to stderr) or, with `--http`, over Streamable HTTP on
 * 127.0.0.1 with a bearer token. Runs until stdin closes (stdio) or SIGINT/SIGTERM.
 */
export async function mcpCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(
    argv,
    {
      ...commonOptions,
      yes: { type: 'boolean', short: 'y' },
      verbose: { type: 'boolean' },
      http: { type: 'boolean' },
      port: { type: 'string' },
      token: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return help(USAGE, DETAILS);
  if (positionals.length) throw usageError(`Unexpected argument '${positionals[0]}'.\nUsage: ${USAGE}`);
  if (values.port !== undefined && !values.http) throw usageError(`--port needs --http.\nUsage: ${USAGE}`);
  if (values.token !== undefined && !values.http) throw usageError(`--token needs --http.\nUsage: ${USAGE}`);
  const cwd = workingDir(values);
  // stdin carries the protocol: no trust prompt; the user trusts the folder beforehand (quiver trust).
  const trusted = await decideTrust(values, { prompt: false });
  const settings =
    mcpConfigSection.of(
      (
        await loadConfig({
          cwd,
          file: values.config,
          presets: CLI_PRESETS,
          trusted,
          sections: HOST_CONFIG_SECTIONS,
          deferUnknownKeys: true,
        })
      ).config,
    ) ?? {};
  // The token is checked before anything starts: a weak one is a usage error (exit 2). The HTTP
  // side (its server, Hono, fetch's undici) is imported only for --http: stdio starts without it.
  const token = values.http ? (await import('../mcp/mcp-token.js')).resolveMcpToken(process.env, settings.token, values.token) : undefined;
  const port = values.port === undefined && settings.port !== undefined ? settings.port : parsePort(values.port);
  const serverOptions: McpServerOptions = {
    openRuntime: (roots, ui) =>
      createRuntime({
        cwd,
        // The MCP server owns its process: no foreign fs.watch shares its inotify queue.
        watchFolders: true,
        configFile: values.config,
        ui,
        roots,
        trusted,
        onWarning: warnOnce,
        credentialEnv: [...CLI_CREDENTIAL_ENV],
        presets: CLI_PRESETS,
        defaultPlugins: [...DEFAULT_PLUGINS],
        resolveFrom: [CLI_DIR],
        bundledPlugins: bundledPlugins(),
      }),
    policy: values.yes ? 'approve' : 'deny',
    verbose: values.verbose,
    log,
    allowBroadRoots: settings.allowBroadRoots,
  };
  // Build one runtime before serving, so a bad config is a start-up error (exit 2), not a
  // failure on the client's first call.
  const first = createMcpServer(serverOptions);
  await first.open();
  if (!values.http && process.stdin.isTTY) {
    // Someone typed `quiver mcp` in a terminal: say what is going on instead of sitting silent.
    log(
      `serving ${cwd} over MCP on stdin/stdout; an MCP client starts this command itself (see 'quiver mcp --help'). Ctrl-C or Ctrl-D stops it.`,
    );
  }
  return token ? serveHttp(serverOptions, first, port, token, settings) : serveStdio(first, settings);
}

async function serveStdio(mcp: QuiverMcpServer, settings: McpSettings): Promise<number> {
  const closed = new Promise<void>((resolve) => {
    mcp.server.onclose = () => resolve();
  });
  // The stdio transport does not notice the client going away: stdin's end is that signal.
  const stop = () => void mcp.close();
  process.stdin.once('end', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await mcp.server.connect(new QuiverStdioTransport(process.stdin, process.stdout, { maxMessageBytes: settings.maxMessageBytes }));
  await closed;
  await mcp.close();
  return 0;
}

async function serveHttp(
  options: McpServerOptions,
  first: QuiverMcpServer,
  port: number,
  { token, source }: McpToken,
  settings: McpSettings,
): Promise<number> {
  const [{ serveMcpHttp }, { MCP_TOKEN_ENV }] = await Promise.all([import('../mcp/http-transport.js'), import('../mcp/mcp-token.js')]);
  await first.close();
  // Listen for the stop signals before announcing the URL: whoever reads the URL may stop us at once.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const http = await serveMcpHttp({
    port,
    token,
    createSession: () => createMcpServer(options),
    log,
    allowedHosts: settings.allowedHosts,
    allowedOrigins: settings.allowedOrigins,
    maxMessageBytes: settings.maxMessageBytes,
    sessionIdleSeconds: settings.sessionIdleTimeout,
  });
  log(`serving MCP over Streamable HTTP at ${http.url} (127.0.0.1 only; tunnel it to reach it from elsewhere)`);
  if (source === 'generated') log(`bearer token: ${token}   (set ${MCP_TOKEN_ENV} to choose your own)`);
  else log(`bearer token: from ${source === 'flag' ? '--token' : source === 'env' ? MCP_TOKEN_ENV : 'the config (mcp.token)'}`);
  await stopped;
  await http.close();
  return 0;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MCP_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw usageError(`--port takes a number from 0 to 65535 (0 picks a free port), not '${value}'.`);
  return port;
}
