// The built `quiver` as a user meets it: help, usage errors (exit 2, one line with the code,
// then the usage), tool errors through `exec --json` (exit 1, isError, nothing written),
// `tools <name>`, `permissions check --allow/--deny`, `config validate --json`, and a reader
// that closes the pipe early. Needs the build (`pnpm test` builds first).
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
let ws: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the built CLI in the temp workspace, with no terminal (stdin closed). */
function quiver(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BIN, ...args], { cwd: ws, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
    child.stdin?.end();
  });
}

/** `quiver exec <tool> <params> --json` and its parsed result. */
async function execJson(tool: string, params: object, ...flags: string[]): Promise<Run & { isError: boolean; text: string }> {
  const r = await quiver('exec', tool, JSON.stringify(params), '--json', ...flags);
  const out = JSON.parse(r.stdout) as { isError: boolean; content: { type: string; text?: string }[] };
  return { ...r, isError: out.isError, text: out.content.map((b) => b.text ?? '').join('\n') };
}

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build first (cd /work/main && pnpm turbo run build --filter @quiver/cli...).`);
  ws = await realpath(await mkdtemp(join(tmpdir(), 'quiver-cli-')));
  await writeFile(join(ws, 'a.txt'), 'hello\nworld\n');
  await mkdir(join(ws, 'src'));
});
afterAll(() => rm(ws, { recursive: true, force: true }));

describe('usage', () => {
  it('quiver with no command prints the help on stderr and exits 2', async () => {
    const r = await quiver();
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toContain("Run 'quiver <command> --help'");
  });

  it.each([
    [['exec', 'read_file', '{"path":"a.txt"}', 'extra'], "Unexpected argument 'extra'. Pass the params as one quoted JSON object."],
    [['exec', 'read_file', '{}', '--bogus'], "Unknown option '--bogus'."],
    [['tools', 'read_file', 'write_to_file'], "Unexpected argument 'write_to_file'."],
    [['tools', 'nope'], "No tool named 'nope' is configured."],
    [['permissions', 'check', 'git', 'push', 'origin'], 'Quote the whole command as one argument'],
    [['permissions', 'check', 'ls', '--allow-redirects'], '--allow-redirects goes with --allow or --deny.'],
    [['permissions'], "Missing the permissions subcommand: use 'quiver permissions check'."],
    [['config'], "Missing the config subcommand: use 'quiver config validate'."],
    [['hooks', 'show'], "Unknown hooks subcommand 'show': use 'quiver hooks list'."],
    [['tools', '--cwd', '/nonexistent-quiver-dir'], '--cwd /nonexistent-quiver-dir is not an existing folder.'],
    [['exec', 'read_file', '{}', '--cwd', 'a.txt'], '--cwd a.txt is not a folder.'],
  ])('quiver %j is a usage error: exit 2, the code on the first line', async (args, says) => {
    const r = await quiver(...args);
    expect(r.code).toBe(2);
    const [first] = r.stderr.split('\n');
    expect(first).toContain(says);
    expect(first).toMatch(/ \[QUIVER_ERR_CLI_USAGE\]$/);
    expect(r.stderr).not.toContain('To specify a positional argument');
  });

  it.each(['tools', 'exec', 'permissions', 'config', 'hooks', 'mcp', 'run'])(
    'quiver %s --help says what the command does',
    async (command) => {
      const r = await quiver(command, '--help');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: quiver /);
      expect(r.stdout.split('\n').length).toBeGreaterThan(4);
    },
  );
});

describe('quiver tools <tool>', () => {
  it('shows the description and every parameter with its type', async () => {
    const r = await quiver('tools', 'read_file');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('read_file  (@quiver/tool-read-file)');
    expect(r.stdout).toMatch(/ {2}path +\(string, required\)/);
    expect(r.stdout).toMatch(/ {2}start_line +\(number \| string \| null, optional\)/);
  });

  it('--json gives the JSON Schema', async () => {
    const r = await quiver('tools', 'execute_command', '--json');
    const tool = JSON.parse(r.stdout) as { name: string; inputSchema: { required: string[] } };
    expect(tool.name).toBe('execute_command');
    expect(tool.inputSchema.required).toEqual(expect.arrayContaining(['command', 'requires_approval']));
  });
});

describe('quiver exec: tool errors are exit 1 with isError, and write nothing', () => {
  it.each([
    ['read_file', {}, "Missing value for required parameter 'path'"],
    ['read_file', { path: 42 }, 'expected string, received number'],
    ['read_file', { path: 'a\\b' }, 'contains a backslash'],
    ['read_file', { path: 'a.txt ' }, 'trailing whitespace'],
    ['read_file', { path: 'src' }, 'is a directory'],
    ['read_file', { path: '../outside.txt' }, 'Re-run with --yes'],
    ['write_to_file', { path: 'a.txt', content: 'changed' }, 'approval.editFiles'],
    ['replace_in_file', { path: 'a.txt', diff: '------- SEARCH\nnope\n=======\nx\n+++++++ REPLACE' }, 'does not match anything'],
  ])('%s %j', async (tool, params, says) => {
    const r = await execJson(tool, params, ...(tool === 'replace_in_file' ? ['--yes'] : []));
    expect(r.code).toBe(1);
    expect(r.isError).toBe(true);
    expect(r.text).toContain(says);
    expect(r.stderr).toBe('');
    expect(await readFile(join(ws, 'a.txt'), 'utf8')).toBe('hello\nworld\n');
  });
});

it('without a terminal, --verbose still shows what a tool asked the user (here the completion result)', async () => {
  const r = await quiver('exec', 'attempt_completion', '{"result":"Added b.txt"}', '--verbose');
  expect(r.code).toBe(0);
  expect(r.stderr).toContain('[completion_result] Added b.txt');
});

describe('quiver permissions check --allow / --deny', () => {
  it('judges by the patterns given instead of the config', async () => {
    const denied = await quiver('permissions', 'check', 'git status && curl x | sh', '--allow', 'git *', '--json');
    expect(denied.code).toBe(1);
    expect(JSON.parse(denied.stdout)).toMatchObject({ allowed: false, rule: 'R7', segment: 'curl x' });
    const pushed = await quiver('permissions', 'check', 'git push origin main', '--allow', 'git *', '--deny', 'git push *');
    expect(pushed.code).toBe(1);
    expect(pushed.stdout).toContain('deny pattern "git push *"');
    const fine = await quiver('permissions', 'check', 'git log', '--allow', 'git *', '--deny', 'git push *');
    expect(fine.code).toBe(0);
  });
});

describe('quiver permissions check: approval', () => {
  it("says whether execute_command's approval would ask, from the pipeline up to approval", async () => {
    // Inside the sandbox (the default), a command the model marks safe runs without asking.
    const auto = await quiver('permissions', 'check', `touch ${join(ws, 'ran')}`, '--json');
    expect(auto.code).toBe(0);
    expect(JSON.parse(auto.stdout)).toMatchObject({ allowed: true, approval: { kind: 'auto' } });
    const dir = join(ws, 'asks-for-commands');
    await mkdir(dir);
    await writeFile(join(dir, 'quiver.config.json'), '{ "sandbox": { "mode": "off" }, "approval": { "executeSafeCommands": false } }');
    const asks = await quiver(
      'permissions',
      'check',
      `touch ${join(ws, 'ran')}`,
      '--config',
      join(dir, 'quiver.config.json'),
      '--cwd',
      dir,
    );
    expect(asks.stdout).toContain('Approval: asks first (approval.executeSafeCommands is off');
    expect(existsSync(join(ws, 'ran'))).toBe(false);
    const tried = await quiver('permissions', 'check', 'ls', '--allow', 'ls', '--json');
    expect(JSON.parse(tried.stdout)).toMatchObject({ allowed: true, approval: null });
  });
});

describe('quiver config validate --json', () => {
  it('answers in JSON for a bad config too (exit 2)', async () => {
    const dir = join(ws, 'bad-config');
    await mkdir(dir);
    await writeFile(join(dir, 'quiver.config.json'), '{ "approval": { "editFile": true } }');
    const r = await quiver('config', 'validate', '--cwd', dir, '--json');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({
      valid: false,
      key: 'approval.editFile',
      code: 'QUIVER_ERR_CONFIG_INVALID',
      file: join(dir, 'quiver.config.json'),
    });
  });
});

describe('a top-level config key nobody owns (host sections load first, plugin sections are known later)', () => {
  it.each([
    [['config', 'validate']],
    [['permissions', 'check', 'ls']],
    [['sandbox', 'check']],
    [['tools']],
    [['exec', 'read_file', '{"path":"a.txt"}']],
  ])('quiver %j refuses it, naming the file and the key', async (args) => {
    const file = join(ws, 'typo.config.json');
    await writeFile(file, JSON.stringify({ sandbx: { mode: 'off' } }));
    const r = await quiver(...args, '--config', file);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('sandbx: unknown key');
    expect(r.stdout + r.stderr).toContain(file);
  });
});

it('a reader that closes the pipe early gets no EPIPE stack trace', async () => {
  const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, 'tools'], { cwd: ws, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.destroy(); // closed before the first write: every write meets EPIPE
    child.on('close', (code) => resolve({ code, stderr }));
  });
  expect(r.stderr).not.toContain('EPIPE');
  expect(r.code).toBe(0);
});
