import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from './process-table.js';
import { runCommand } from './run-command.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-run-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (command: string, timeoutSeconds = 30) => runCommand({ command, cwd: dir, timeoutSeconds, killGraceMs: 300 });

async function pidsIn(file: string): Promise<number[]> {
  return (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean).map(Number);
}

describe('runCommand: outcomes', () => {
  it('reports exit code 0 and the output', async () => {
    const r = await run('echo hello');
    expect(r).toMatchObject({ outcome: 'exited', exitCode: 0, signal: null, output: 'hello\n', killed: [] });
  });

  it('reports a non-zero exit code with stdout and stderr', async () => {
    const r = await run('echo out; echo err >&2; exit 3');
    expect(r.outcome).toBe('exited');
    expect(r.exitCode).toBe(3);
    expect(r.output).toContain('out\n');
    expect(r.output).toContain('err\n');
  });

  it('reports a signal', async () => {
    const r = await run('echo before; kill -TERM $$');
    expect(r).toMatchObject({ outcome: 'signalled', signal: 'SIGTERM', exitCode: null });
    expect(r.output).toBe('before\n');
  });

  it('runs in cwd, under bash', async () => {
    const r = await run('pwd; echo "$BASH_VERSION" | cut -c1');
    expect(r.output.split('\n')[0]).toBe(await import('node:fs/promises').then((fs) => fs.realpath(dir)));
    expect(r.output.split('\n')[1]).toMatch(/\d/);
  });

  it('gives the command no stdin', async () => {
    const r = await run('cat; echo done');
    expect(r.output).toBe('done\n');
  });

  it('throws a QuiverError when the directory does not exist', async () => {
    await expect(runCommand({ command: 'true', cwd: join(dir, 'missing'), timeoutSeconds: 5 })).rejects.toMatchObject({
      code: 'QUIVER_ERR_TOOL_FAILED',
    });
  });

  it('does not start when already aborted', async () => {
    const marker = join(dir, 'ran');
    const r = await runCommand({ command: `touch ${marker}`, cwd: dir, timeoutSeconds: 5, signal: AbortSignal.abort() });
    expect(r.outcome).toBe('aborted');
    await expect(readFile(marker)).rejects.toThrow();
  });
});

describe('runCommand: live output', () => {
  it('delivers chunks before the command exits', async () => {
    const flag = join(dir, 'go');
    const chunks: string[] = [];
    let sawOutputWhileRunning = false;
    const done = runCommand({
      command: `echo first; while [ ! -e ${flag} ]; do sleep 0.02; done; echo second >&2`,
      cwd: dir,
      timeoutSeconds: 20,
      onOutput: (chunk, stream) => {
        chunks.push(`${stream}:${chunk}`);
        if (chunk.includes('first')) {
          sawOutputWhileRunning = true;
          // The command is still waiting for the flag, so this chunk arrived before it exited.
          void import('node:fs/promises').then((fs) => fs.writeFile(flag, ''));
        }
      },
    });
    const r = await done;
    expect(sawOutputWhileRunning).toBe(true);
    expect(chunks).toEqual(['stdout:first\n', 'stderr:second\n']);
    expect(r.exitCode).toBe(0);
  });
});

describe('runCommand: timeout and abort', () => {
  // Grandchildren of every kind: a plain background child, a subshell's child, a setsid'd
  // child (new session and group), a `nohup … &` child, and a setsid'd double fork whose
  // parent exits so the survivor is re-parented out of the tree.
  const tree = (pids: string): string =>
    [
      `echo started`,
      `sleep 300 & echo $! >> ${pids}`,
      `( sleep 300 & echo $! >> ${pids}; wait ) &`,
      `setsid sh -c 'echo $$ >> ${pids}; exec sleep 300' &`,
      `nohup sh -c 'echo $$ >> ${pids}; exec sleep 300' > /dev/null 2>&1 &`,
      `setsid sh -c '(sleep 300 & echo $! >> ${pids}); exit 0' &`,
      `while [ "$(wc -l < ${pids})" -lt 5 ]; do sleep 0.02; done`,
      `echo all-started >&2`,
      `sleep 300`,
    ].join('\n');

  it('kills the whole tree on timeout, keeps the output so far, and leaves nothing behind', async () => {
    const pidsFile = join(dir, 'pids');
    const r = await run(tree(pidsFile), 2);
    expect(r.outcome).toBe('timed-out');
    expect(r.timeoutSeconds).toBe(2);
    expect(r.output).toBe('started\nall-started\n');
    const pids = await pidsIn(pidsFile);
    expect(pids).toHaveLength(5);
    for (const pid of pids) expect(await isProcessAlive(pid)).toBe(false);
    // Which pids the killer signalled is racy (a child may die with its parent first); what
    // matters is above: none of them is alive.
    expect(r.killed.length).toBeGreaterThan(0);
  });

  it('kills the whole tree on abort', async () => {
    const pidsFile = join(dir, 'pids');
    const controller = new AbortController();
    const done = runCommand({
      command: tree(pidsFile),
      cwd: dir,
      timeoutSeconds: 60,
      killGraceMs: 300,
      signal: controller.signal,
      onOutput: (chunk) => {
        if (chunk.includes('all-started')) controller.abort();
      },
    });
    const r = await done;
    expect(r.outcome).toBe('aborted');
    const pids = await pidsIn(pidsFile);
    expect(pids).toHaveLength(5);
    for (const pid of pids) expect(await isProcessAlive(pid)).toBe(false);
  });

  it('honours an abort that comes while the shell is starting', async () => {
    const controller = new AbortController();
    const done = runCommand({ command: 'sleep 30', cwd: dir, timeoutSeconds: 60, killGraceMs: 300, signal: controller.signal });
    controller.abort();
    expect((await done).outcome).toBe('aborted');
  });

  it('survives a host whose output port throws', async () => {
    const r = await runCommand({
      command: 'echo a; echo b',
      cwd: dir,
      timeoutSeconds: 10,
      onOutput: () => {
        throw new Error('host bug');
      },
    });
    expect(r.output).toBe('a\nb\n');
  });

  it('kills background processes still running when the shell exits', async () => {
    const pidsFile = join(dir, 'pids');
    const r = await run(
      `setsid sh -c 'echo $$ >> ${pidsFile}; exec sleep 300' > /dev/null 2>&1 & sleep 300 & echo $! >> ${pidsFile}; while [ "$(wc -l < ${pidsFile})" -lt 2 ]; do sleep 0.02; done; echo done`,
    );
    expect(r.outcome).toBe('exited');
    expect(r.exitCode).toBe(0);
    expect(r.output).toBe('done\n');
    const pids = await pidsIn(pidsFile);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(await isProcessAlive(pid)).toBe(false);
    expect(r.killed.length).toBeGreaterThan(0);
  });
});

describe('runCommand: output limits', () => {
  it('cuts long output to head + tail', async () => {
    const r = await run('seq 1 2000');
    const lines = r.output.split('\n');
    expect(lines[0]).toBe('1');
    expect(lines[249]).toBe('250');
    expect(lines[250]).toBe('... (output truncated: 1,500 lines omitted) ...');
    expect(lines[251]).toBe('1751');
    expect(lines.at(-1)).toBe('2000');
  });

  it('keeps memory bounded for huge output and still ends with its tail', async () => {
    const r = await run("head -c 20000000 /dev/zero | tr '\\0' 'x'; echo; echo END");
    expect(r.output.length).toBeLessThan(600 * 1024);
    // One 20,000,000-character line: cut inside the line, so the marker counts characters.
    expect(r.output).toMatch(/\.\.\. \(output truncated: 19,\d{3},\d{3} characters omitted\) \.\.\./);
    expect(r.output.trimEnd().endsWith('END')).toBe(true);
  });
});
