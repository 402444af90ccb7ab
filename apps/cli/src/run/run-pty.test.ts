// `quiver run` under a real pseudo-terminal (node-pty): what a person at the keyboard sees
// and does — Ctrl-C and Ctrl-D at prompts, diffs at approval, the spinner, colour, the
// completion prompt — against a scripted provider on 127.0.0.1 speaking Anthropic's SSE.
// Needs the build (`pnpm test` builds first).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn as spawnPty } from '@lydell/node-pty';
import { createScriptedProvider, RESUMPTION_NOTE, type ScriptedProvider, type ScriptedReply } from '@quiver/agent';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
let tmp: string;
let provider: ScriptedProvider | undefined;
let n = 0;

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build first (pnpm turbo run build --filter @quiver/cli...).`);
  tmp = await realpath(await mkdtemp(join(tmpdir(), 'quiver-pty-')));
});
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function workspace(files: Record<string, string>): Promise<string> {
  const dir = join(tmp, `ws-${n++}`);
  await mkdir(dir, { recursive: true });
  for (const [path, content] of Object.entries(files)) await writeFile(join(dir, path), content);
  return dir;
}

const call = (name: string, input: Record<string, unknown>, extra: Partial<ScriptedReply> = {}): ScriptedReply => ({
  toolCalls: [{ name, input }],
  ...extra,
});
const done = (result: string) => call('attempt_completion', { result });
/** Strip colour and cursor codes, to read the screen as text. */
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');

/** The environment without colour switches (a test sets its own) and CI (it would stop the spinner). */
function cleanEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !['NO_COLOR', 'FORCE_COLOR', 'CI'].includes(k)) out[k] = v;
  return out;
}

/** A `quiver run` in a pseudo-terminal: what it printed, keys to send, and its exit code. */
interface PtyRun {
  screen(): string;
  type(keys: string): void;
  /** Wait (bounded) until the screen matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exit: Promise<number>;
}

async function quiverPty(dir: string, replies: ScriptedReply[], args: string[] = [], env: Record<string, string> = {}): Promise<PtyRun> {
  const extra = env;
  provider = await createScriptedProvider({ protocol: 'anthropic', replies });
  const pty = spawnPty(
    process.execPath,
    [BIN, 'run', ...args, '--provider', 'anthropic', '--model', 'claude-test', '--base-url', provider.baseURL, '--max-retries', '0'],
    {
      name: 'xterm-256color',
      cols: 160,
      rows: 50,
      cwd: dir,
      env: { ...cleanEnv({ ...process.env, ANTHROPIC_API_KEY: 'sk-test' }), ...extra },
    },
  );
  let out = '';
  pty.onData((d) => (out += d));
  const exit = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  return {
    screen: () => out,
    type: (keys) => pty.write(keys),
    async waitFor(pattern, timeoutMs = 15_000) {
      for (let waited = 0; !pattern.test(plain(out)); waited += 25) {
        if (waited > timeoutMs) throw new Error(`Timed out waiting for ${pattern} on the screen:\n${plain(out)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    exit,
  };
}

describe('interrupts at a prompt', () => {
  it('Ctrl-C at an approval cancels the task: exit 130, no model request after it, no mistake; --resume then goes on', async () => {
    const dir = await workspace({ 'a.txt': 'one\ntwo\nthree\n' });
    const edit = call('replace_in_file', { path: 'a.txt', diff: '------- SEARCH\ntwo\n=======\nTWO\n+++++++ REPLACE' });
    const run = await quiverPty(dir, [edit, done('never')], ['Shout line two']);
    await run.waitFor(/Approve\? \[y\/N, or type why not\]/);
    const screen = plain(run.screen());
    // The proposed change, as a coloured unified diff with its counts.
    expect(screen).toContain('replace_in_file wants to edit: ');
    expect(screen).toMatch(/a\.txt {2}\+1 -1\n@@ -1,3 \+1,3 @@\n one\n-two\n\+TWO\n three/);
    expect(run.screen()).toContain('\x1b[31m-two');
    expect(run.screen()).toContain('\x1b[32m+TWO');
    run.type('\x03');
    expect(await run.exit).toBe(130);
    expect(plain(run.screen())).toContain('quiver: stopping (Ctrl-C again to quit at once)');
    expect(plain(run.screen())).not.toMatch(/mistake/i);
    expect(provider!.requests).toHaveLength(1);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
    await provider!.close();

    // The conversation was saved; resuming sends it back with the cancelled call's result.
    const resumed = await quiverPty(dir, [done('Resumed and done.')], ['--resume', '--yes']);
    expect(await resumed.exit).toBe(0);
    const sent = JSON.stringify(provider!.requests[0].body.messages);
    expect(sent).toContain('Shout line two');
    expect(sent).toContain('Ctrl-C');
    expect(sent).toContain(RESUMPTION_NOTE.slice(0, 30));
  });

  it('Ctrl-D at an approval is a denial, a typed answer is a denial whose reason reaches the model; Enter at the completion prompt finishes', async () => {
    const dir = await workspace({ 'a.txt': 'x\n' });
    const write = call('write_to_file', { path: 'b.txt', content: 'b1\nb2\n' });
    const run = await quiverPty(dir, [write, write, done('All done.')], ['Write b.txt']);
    await run.waitFor(/Approve\?/);
    expect(plain(run.screen())).toMatch(/b\.txt {2}\(new file\) \+2 -0/);
    run.type('\x04');
    await run.waitFor(/Approve\?[\s\S]*Approve\?/);
    run.type('use tabs, not this\r');
    await run.waitFor(/Press Enter to accept and finish, or type feedback/);
    run.type('\r');
    expect(await run.exit).toBe(0);
    const screen = plain(run.screen());
    expect(screen.match(/All done\./g)).toHaveLength(1);
    const second = JSON.stringify(provider!.requests[1].body.messages);
    expect(second).toContain('The user denied this operation.');
    expect(JSON.stringify(provider!.requests[2].body.messages)).toContain('use tabs, not this');
    expect(existsSync(join(dir, 'b.txt'))).toBe(false);
  });

  it('Ctrl-C at a question and at the completion prompt cancels the task: exit 130, no request after it', async () => {
    const dir = await workspace({});
    const asked = await quiverPty(dir, [call('ask_followup_question', { question: 'Which colour?' }), done('never')], ['Paint it']);
    await asked.waitFor(/Which colour\?/);
    await new Promise((r) => setTimeout(r, 200));
    asked.type('\x03');
    expect(await asked.exit).toBe(130);
    expect(provider!.requests).toHaveLength(1);
    expect(plain(asked.screen())).not.toMatch(/mistake/i);
    await provider!.close();

    const completing = await quiverPty(dir, [done('Painted.')], ['Paint it']);
    await completing.waitFor(/Press Enter to accept and finish, or type feedback/);
    completing.type('\x03');
    expect(await completing.exit).toBe(130);
    expect(provider!.requests).toHaveLength(1);
  });

  it('a failed SEARCH shows the closest match with its line number', async () => {
    const dir = await workspace({ 'a.ts': 'const a = 1;\nfunction greet(name) {\n  return `hi ${name}`;\n}\n' });
    const edit = call('replace_in_file', {
      path: 'a.ts',
      diff: '------- SEARCH\nfunction greet(nam) {\n  return `hi ${name}`;\n=======\nfunction greet(name: string) {\n  return `hi ${name}`;\n+++++++ REPLACE',
    });
    const run = await quiverPty(dir, [edit, done('ok')], ['Type greet', '--yes']);
    expect(await run.exit).toBe(0);
    const screen = plain(run.screen());
    expect(screen).toContain('The closest match is at line 2');
    expect(screen).toContain('function greet(name) {');
  });

  it('a second Ctrl-C quits at once, without waiting for the task to wind down', async () => {
    const dir = await workspace({});
    // A command that ignores SIGTERM: the first Ctrl-C's clean stop has to wait for its SIGKILL.
    const run = await quiverPty(
      dir,
      [call('execute_command', { command: "trap '' TERM INT; echo trapped-$((40+2)); sleep 20", requires_approval: false }), done('x')],
      ['Wait', '--yes'],
    );
    // The command's own output (streamed live; its text says $((40+2)), not 42) says the trap is set: a Ctrl-C before that, on a
    // busy machine, would find nothing slow to wait for.
    await run.waitFor(/trapped-42/);
    run.type('\x03');
    await run.waitFor(/stopping/);
    run.type('\x03');
    expect(await run.exit).toBe(130);
    // Quit at once: no closing summary was printed.
    expect(plain(run.screen())).not.toContain('model request');
  });
});

describe('the live screen', () => {
  it("a spinner with the elapsed time while the model thinks; the saved edit's +N -M; --yes does not stop at the completion", async () => {
    const dir = await workspace({ 'a.txt': 'one\n' });
    const run = await quiverPty(
      dir,
      [call('write_to_file', { path: 'a.txt', content: 'one\ntwo\n' }, { delayMs: 1200 }), done('Added two.')],
      ['Add a line', '--yes'],
    );
    expect(await run.exit).toBe(0);
    const screen = plain(run.screen());
    expect(screen).toMatch(/thinking \d+\.\ds/);
    expect(screen).toMatch(/saved a\.txt \+1 -0/);
    expect(screen).not.toContain('Press Enter');
    expect(screen.match(/Added two\./g)).toHaveLength(1);
  });

  it('NO_COLOR turns colour off on a terminal', async () => {
    const dir = await workspace({});
    const run = await quiverPty(
      dir,
      [call('execute_command', { command: 'exit 3', requires_approval: false }), done('ok')],
      ['Fail', '--yes'],
      { NO_COLOR: '1' },
    );
    expect(await run.exit).toBe(0);
    expect(run.screen()).not.toMatch(/\x1b\[3\dm/);
    expect(plain(run.screen())).toContain('Command failed with exit code 3.');
  });
});
