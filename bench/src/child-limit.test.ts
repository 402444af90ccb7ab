// The bench's time limits on real child processes: a child (and what it started) that runs
// past its limit is killed as a group and reported as timed out, so `pnpm bench` cannot hang.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TimedOut, takeTimeOuts } from './child-limit.js';
import { startMcpServer } from './mcp-client.js';
import { runProcess } from './run-process.js';

const dir = mkdtempSync(join(tmpdir(), 'quiver-bench-limit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** True while a process with this id exists and is not a zombie. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
  return !alive(pid);
}

/** A child that starts a grandchild (writing its pid to `file`), then both sleep a minute. */
function sleeper(file: string): string {
  return `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' }); require('node:fs').writeFileSync(${JSON.stringify(file)}, String(c.pid)); setTimeout(() => {}, 60000);`;
}

describe('runProcess time limit', () => {
  it('kills the whole process group, grandchild included, and rejects with TimedOut', async () => {
    takeTimeOuts();
    const file = join(dir, 'grandchild.pid');
    const began = Date.now();
    const error = await runProcess(process.execPath, ['-e', sleeper(file)], { timeLimitMs: 4000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimedOut);
    expect((error as TimedOut).message).toContain('timed out after');
    expect(Date.now() - began).toBeLessThan(30_000);
    expect(takeTimeOuts()).toEqual([error]);
    expect(await gone(Number(readFileSync(file, 'utf8')))).toBe(true);
  });

  it('measures a process that ends in time as before', async () => {
    const run = await runProcess(process.execPath, ['-e', 'console.log(1); console.log(2)'], { timeLimitMs: 30_000 });
    expect(run.lines).toBe(2);
    expect(run.code).toBe(0);
    expect(takeTimeOuts()).toEqual([]);
  });
});

describe('MCP server lifetime limit', () => {
  it('rejects a server that never answers tools/list with TimedOut, and kills its group', async () => {
    const file = join(dir, 'server-child.pid');
    const error = await startMcpServer(process.execPath, ['-e', sleeper(file)], dir, undefined, {
      limitMs: 4000,
      what: 'silent server',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimedOut);
    expect((error as TimedOut).what).toBe('silent server');
    expect(await gone(Number(readFileSync(file, 'utf8')))).toBe(true);
  });
});
