import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { killGroup, limitChild, type TimedOut } from './child-limit.js';

/** What {@link GroupStdioTransport} spawns. */
export interface GroupStdioParams {
  command: string;
  args: string[];
  cwd: string;
  /** Added to the SDK's default environment. */
  env?: Record<string, string>;
  /** What the limit's message calls this server. */
  what: string;
  /** Lifetime of the server process: after it, its process group is killed. */
  limitMs: number;
}

/**
 * The SDK's stdio client transport, but the server runs in a process group of its own under a
 * lifetime limit (see `child-limit.ts`), and its stderr is drained (a server that logs a lot
 * would otherwise block on a full pipe and look hung). Closing ends stdin, gives the server
 * two seconds to exit, then kills the group: nothing it started outlives the round.
 */
export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Set when the lifetime limit killed the server. */
  timedOut?: TimedOut;
  /** The last few KB the server wrote to stderr, for error messages. */
  stderrTail = '';
  private child?: ChildProcess;
  private release: () => void = () => {};
  private readonly buffer = new ReadBuffer();

  constructor(private readonly params: GroupStdioParams) {}

  /** The server's process id (the leader of its group). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const { command, args, cwd, env } = this.params;
      const child = spawn(command, args, {
        cwd,
        env: { ...getDefaultEnvironment(), ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
      this.child = child;
      this.release = limitChild(child.pid, this.params.what, this.params.limitMs, (e) => (this.timedOut = e));
      child.on('error', (e) => {
        this.release();
        reject(e);
        this.onerror?.(e);
      });
      child.on('spawn', () => resolve());
      child.on('close', () => {
        this.release();
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (e) => this.onerror?.(e));
      child.stdout?.on('data', (chunk: Buffer) => {
        this.buffer.append(chunk);
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = this.buffer.readMessage();
          } catch (e) {
            this.onerror?.(e as Error);
            continue;
          }
          if (message === null) break;
          this.onmessage?.(message);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-4096);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin) return reject(new Error(`${this.params.what} is not running${this.timedOut ? ` (${this.timedOut.message})` : ''}`));
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdin?.end();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    killGroup(child.pid);
    this.release();
    this.buffer.clear();
  }

  /** Kill the server's process group now. */
  kill(): void {
    killGroup(this.child?.pid);
  }
}
