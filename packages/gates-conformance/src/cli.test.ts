import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTree, type Fixture } from './fixture-tree.js';

/**
 * A handful of rows through the real `quiver` command (built `apps/cli/dist`), to show the
 * gates are wired as the API tests assume: `permissions check` with --config, the environment
 * override and stdin, the ignore screen, and the path tools.
 */
const BIN = fileURLToPath(new URL('../../../apps/cli/dist/bin.js', import.meta.url));

interface CliRow {
  description: string;
  args: string[];
  stdin?: string;
  env?: Record<string, string>;
  expected: { exit: number; json: Record<string, unknown>; text?: RegExp; notText?: RegExp };
}

const ROWS: CliRow[] = [
  {
    description: 'R2 a lone & splits',
    args: ['permissions', 'check', 'npm test & rm -rf /'],
    expected: { exit: 1, json: { allowed: false, rule: 'R7', segment: 'rm -rf /' } },
  },
  {
    description: 'R1 a # after a quote is mid-word',
    args: ['permissions', 'check', 'echo "a"#b; npm test'],
    expected: { exit: 0, json: { allowed: true } },
  },
  {
    description: 'R8 sudo is unwrapped',
    args: ['permissions', 'check', 'sudo -u root rm x'],
    expected: { exit: 1, json: { allowed: false, rule: 'R7' } },
  },
  {
    description: 'R8 an unknown wrapper option denies',
    args: ['permissions', 'check', 'sudo -i npm test'],
    expected: { exit: 1, json: { allowed: false, rule: 'R8' } },
  },
  {
    description: 'R6 2>/dev/null is a file redirection',
    args: ['permissions', 'check', 'npm test 2>/dev/null'],
    expected: { exit: 1, json: { allowed: false, rule: 'R6' } },
  },
  {
    description: 'R1-R9 from stdin',
    args: ['permissions', 'check', '-'],
    stdin: 'npm test\nrm x\n',
    expected: { exit: 1, json: { allowed: false } },
  },
  {
    description: 'QUIVER_COMMAND_PERMISSIONS overrides the config',
    args: ['permissions', 'check', 'rm x'],
    env: { QUIVER_COMMAND_PERMISSIONS: '{"allow":["rm *"]}' },
    expected: { exit: 0, json: { allowed: true } },
  },
  {
    description: 'I3 the ignore screen sees .env',
    args: ['permissions', 'check', 'npm test -- .env'],
    expected: { exit: 1, json: { allowed: false, rule: 'I3' } },
  },
  {
    description: 'I4 rg at the root',
    args: ['permissions', 'check', 'rg foo'],
    env: { QUIVER_COMMAND_PERMISSIONS: '{"allow":["rg *"]}' },
    expected: { exit: 1, json: { allowed: false, rule: 'I4' } },
  },
  {
    description: 'P5 read_file of an ignored file',
    args: ['exec', 'read_file', '{"path":".env"}'],
    expected: { exit: 1, json: { isError: true }, text: /P5/ },
  },
  {
    description: 'P5 read_file through a link to an ignored file',
    args: ['exec', 'read_file', '{"path":"sub/env-link"}'],
    expected: { exit: 1, json: { isError: true }, text: /P5/ },
  },
  {
    description: 'P2 read_file of a malformed path',
    args: ['exec', 'read_file', '{"path":"sub\\\\a.txt"}'],
    expected: { exit: 1, json: { isError: true }, text: /P2|malformed/ },
  },
  {
    description: 'P3 read_file through a loop',
    args: ['exec', 'read_file', '{"path":"loop/x"}'],
    expected: { exit: 1, json: { isError: true }, text: /P3|ELOOP/ },
  },
  {
    description: 'P4 read_file outside needs approval',
    args: ['exec', 'read_file', '{"path":"../outside.txt"}'],
    expected: { exit: 1, json: { isError: true }, text: /approv/ },
  },
  {
    description: 'P4 read_file outside with approval',
    args: ['exec', 'read_file', '{"path":"../outside.txt"}', '--yes'],
    expected: { exit: 0, json: { isError: false }, text: /outside text/ },
  },
  {
    description: 'P6 write_to_file of the ignore file',
    args: ['exec', 'write_to_file', '{"path":".quiverignore","content":"x"}', '--yes'],
    expected: { exit: 1, json: { isError: true }, text: /P6/ },
  },
  {
    description: 'P6 write_to_file under .git/',
    args: ['exec', 'write_to_file', '{"path":".git/config","content":"x"}', '--yes'],
    expected: { exit: 1, json: { isError: true }, text: /P6/ },
  },
  {
    description: 'P7 list_files of an ignored directory',
    args: ['exec', 'list_files', '{"path":"secrets"}'],
    expected: { exit: 1, json: { isError: true }, text: /P7/ },
  },
  {
    description: 'P7 list_files leaves ignored entries out',
    args: ['exec', 'list_files', '{"path":".","recursive":true}'],
    expected: { exit: 0, json: { isError: false }, text: /a\.txt/, notText: /\.env|secrets|key/ },
  },
];

/** Run the CLI; resolves with the exit code and output (a non-zero exit is not an error here). */
function run(args: string[], stdin: string, env: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile('node', [BIN, ...args], { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin?.end(stdin);
  });
}

describe.concurrent.skipIf(!existsSync(BIN))(`quiver CLI (${ROWS.length} rows; needs a build)`, () => {
  let fx: Fixture;
  let config: string;
  beforeAll(() => {
    fx = buildTree([
      { file: 'root/.quiverignore', content: '.env\nsecrets/\n' },
      'root/.env',
      'root/secrets/key.txt',
      'root/sub/a.txt',
      'root/.git/config',
      { file: 'outside.txt', content: 'outside text' },
      { link: 'root/sub/env-link', to: '../.env' },
      { link: 'root/loop', to: 'loop' },
    ]);
    config = fx.at('quiver.config.json');
    writeFileSync(config, JSON.stringify({ commandPermissions: { allow: ['npm *', 'echo *', 'sudo *'] } }));
  });
  afterAll(() => fx.dispose());

  for (const row of ROWS) {
    it(row.description, async () => {
      const env = { ...process.env, QUIVER_COMMAND_PERMISSIONS: '', ...row.env };
      const r = await run([...row.args, '--json', '--cwd', fx.at('root'), '--config', config], row.stdin ?? '', env);
      expect(r.status, r.stderr).toBe(row.expected.exit);
      const out = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(out).toMatchObject(row.expected.json);
      const text = JSON.stringify(out.content ?? out);
      if (row.expected.text) expect(text).toMatch(row.expected.text);
      if (row.expected.notText) expect(text).not.toMatch(row.expected.notText);
    });
  }
});
