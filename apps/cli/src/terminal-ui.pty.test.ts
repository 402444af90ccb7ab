// The built `quiver exec` on a real pseudo-terminal (util-linux `script`): what a model or a
// program wrote reaches the terminal with control characters escaped, and the approval prompt
// shows exactly the command that will run (SPEC C4). Needs the build.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
let ws: string;

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build @quiver/cli first.`);
  ws = await realpath(await mkdtemp(join(tmpdir(), 'quiver-pty-')));
  await writeFile(join(ws, 'quiver.config.json'), '{}');
  // A file whose content would, printed raw, erase the line and write the clipboard (OSC 52).
  await writeFile(join(ws, 'hostile.txt'), 'before\r\u001b[2Kafter \u001b]52;c;ZXZpbA==\u0007 end\n');
});
afterAll(() => rm(ws, { recursive: true, force: true }));

/**
 * Run `quiver exec <tool> <params>` under a pty; when the approval question appears, answer
 * `answer`. Resolves with everything the terminal received.
 */
function onTerminal(tool: string, params: object, answer?: string, extra = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', `node '${BIN}' exec ${tool} "$QUIVER_PARAMS" ${extra}`, '/dev/null'], {
      cwd: ws,
      env: { ...process.env, QUIVER_PARAMS: JSON.stringify(params), TERM: 'xterm' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let answered = false;
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no exit; terminal so far:\n${out}`))), 60_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (answer !== undefined && !answered && out.includes('Approve?')) {
        answered = true;
        child.stdin.write(`${answer}\r`);
      }
    });
    child.on('close', () => (clearTimeout(timer), resolve(out)));
  });
}

describe('quiver exec on a terminal (C4)', () => {
  it('the approval prompt shows a CR and an erase-line inside quotes escaped, with a warning; "y" runs it', async () => {
    const command = `printf 'safe\\r\\033[2Kevil\\n' && echo 'ls -la\r\u001b[2Kreally rm' > /dev/null`;
    const out = await onTerminal('execute_command', { command, requires_approval: true }, 'y');
    const prompt = out.slice(0, out.indexOf('Approve?'));
    expect(prompt).toContain(
      "execute_command wants to run: printf 'safe\\r\\033[2Kevil\\n' && echo 'ls -la\\r\\x1b[2Kreally rm' > /dev/null",
    );
    expect(prompt).toContain('WARNING: it contains control characters');
    expect(prompt).not.toContain('ls -la\r');
    expect(prompt).not.toContain('\u001b[2Kreally');
    // Approved on "y": it ran, and the erase-line it printed is shown, not obeyed.
    expect(out).toContain('safe\\r\\x1b[2Kevil');
    expect(out).not.toContain('safe\r\u001b[2Kevil');
  });

  it('an ordinary command is shown exactly as it is, without a warning; "n" does not run it', async () => {
    const out = await onTerminal(
      'execute_command',
      { command: `touch marker && echo "a  b" | grep -c 'a\\|b'`, requires_approval: true },
      'n',
    );
    expect(out).toContain(`execute_command wants to run: touch marker && echo "a  b" | grep -c 'a\\|b'`);
    expect(out).not.toContain('WARNING');
    expect(existsSync(join(ws, 'marker'))).toBe(false);
  });

  it('a result with escape sequences (read_file of a hostile file) is printed escaped', async () => {
    const out = await onTerminal('read_file', { path: 'hostile.txt' });
    expect(out).toContain('before\\r\\x1b[2Kafter \\x1b]52;c;ZXZpbA==\\x07 end');
    expect(out).not.toContain('\u001b]52');
  });

  it('--json output is unaffected: the JSON string carries the characters as JSON escapes', async () => {
    const out = await onTerminal('read_file', { path: 'hostile.txt' }, undefined, '--json');
    const json = JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)) as { content: { text: string }[] };
    expect(json.content[0].text).toContain('before\r\u001b[2Kafter \u001b]52;c;ZXZpbA==\u0007 end');
  });
});
