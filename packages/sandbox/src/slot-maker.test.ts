import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { findExecutable } from './find-executable.js';
import { probeBubblewrap } from './probe-bubblewrap.js';
import { findJoinTools } from './warm-sandbox.js';
import { HOUSE_SCRIPT, SLOT_SCRIPT, slotMakerArgs } from './warm-scripts.js';

// The slot maker's own protocol, in a real bubblewrap house: its answers name the slot they
// are about, and `kill <id>` ends a slot (made or still being made) and nothing else.

const tools = findJoinTools(process.env.PATH);
const available = (await probeBubblewrap()).available && tools !== undefined;

const started: ChildProcess[] = [];
/** What the maker under test has printed so far. */
let said = '';
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Whether `pid` is a process still running (not gone, not a zombie). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Whether `pid` is gone for good: no process, not even a zombie left unreaped. */
function reaped(pid: number): boolean {
  try {
    readFileSync(`/proc/${pid}/stat`, 'utf8');
    return false;
  } catch {
    return true;
  }
}

/** The maker's child whose pid in the house is `inHouse` (the NSpid line's last number). */
function slotProcess(maker: number, inHouse: number): number | undefined {
  return children(maker).find((c) => {
    try {
      return (
        Number(
          /^NSpid:\s+(.*)$/m
            .exec(readFileSync(`/proc/${c}/status`, 'utf8'))?.[1]
            ?.trim()
            .split(/\s+/)
            .at(-1),
        ) === inHouse
      );
    } catch {
      return false;
    }
  });
}

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}; the maker said: ${JSON.stringify(said)}`);
}

describe.skipIf(!available)('the slot maker (real bubblewrap, nsenter, perl)', () => {
  it('answers by id, and `kill <id>` ends that slot, made or still being made, and no other', async () => {
    const bwrap = findExecutable('bwrap', process.env.PATH ?? '')!;
    const houseArgs = [
      '--info-fd',
      '3',
      '--die-with-parent',
      '--unshare-all',
      '--unshare-user',
      '--cap-drop',
      'ALL',
      '--ro-bind',
      '/',
      '/',
    ];
    houseArgs.push('--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--chdir', '/', '--', '/bin/bash', '-c', HOUSE_SCRIPT);
    const house = spawn(bwrap, houseArgs, { stdio: ['pipe', 'pipe', 'ignore', 'pipe'] });
    started.push(house);
    let info = '';
    house.stdio[3]!.on('data', (d: Buffer) => (info += String(d)));
    await new Promise<void>((resolve) => house.stdio[3]!.once('close', () => resolve()));
    // Set up once its idle program runs (bubblewrap names its init before it has mounted everything).
    await new Promise<void>((resolve) => house.stdout!.once('data', () => resolve()));
    const init = (JSON.parse(info) as { 'child-pid': number })['child-pid'];
    const makerArgs = ['-t', String(init), '-U', '-m', '-p', '-n', '-i', '-u', '-C', '-r', '-w', '--preserve-credentials', '--'];
    makerArgs.push(
      tools!.perl,
      '-e',
      SLOT_SCRIPT,
      ...slotMakerArgs(tools!.syscalls, { ownNetwork: true, env: tools!.env, carried: [], sealed: ['/dev'] }),
    );
    const nsenter = spawn(tools!.nsenter, makerArgs, { stdio: ['pipe', 'pipe', 'ignore'] });
    started.push(nsenter);
    said = '';
    nsenter.stdout!.on('data', (d: Buffer) => (said += String(d)));
    await until(() => said.includes('maker\n') || undefined, 'the maker');
    const maker = await until(() => children(nsenter.pid!)[0], "the maker's pid");

    nsenter.stdin!.write('slot aa11\nslot bb22\n');
    const readyIn = (id: string) => Number(new RegExp(`^ready ${id} (\\d+)$`, 'm').exec(said)?.[1]) || undefined;
    const a = await until(() => readyIn('aa11'), 'slot aa11');
    const b = await until(() => readyIn('bb22'), 'slot bb22');
    expect(a).not.toBe(b);
    const slotA = slotProcess(maker, a)!;
    const slotB = slotProcess(maker, b)!;
    const initA = children(slotA)[0]!;
    const initB = children(slotB)[0]!;
    expect([slotA, slotB, initA, initB].every(alive)).toBe(true);

    // A made slot: killed with its PID 1, and reaped (a zombie counts as left); the other slot lives on.
    nsenter.stdin!.write('kill aa11\n');
    await until(() => (!alive(initA) && reaped(slotA)) || undefined, 'slot aa11 to end and be reaped');
    expect(alive(initB) && alive(slotB)).toBe(true);

    // One still being made: nothing of it is left polling.
    const before = new Set(children(maker));
    nsenter.stdin!.write('slot cc33\nkill cc33\n');
    await new Promise((r) => setTimeout(r, 500));
    // Nothing left: not running, and not a zombie of the maker's either.
    expect(children(maker).filter((c) => !before.has(c))).toEqual([]);
    expect(alive(initB) && alive(slotB)).toBe(true);

    // Unknown or malformed ids are ignored; the maker still answers.
    nsenter.stdin!.write('kill zz\nkill ffff\nslot dd44\n');
    await until(() => readyIn('dd44'), 'slot dd44');
    expect(alive(initB)).toBe(true);
  });
});
