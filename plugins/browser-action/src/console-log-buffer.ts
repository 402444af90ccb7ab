import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Console lines of the current action: `[log] …`, `[error] …`, `[Page Error] …`, `[Error] …`.
 * The baseline listens on a misspelt event and never captures any (SPEC Part B §16.13);
 * this buffer is fed from playwright's real `console` and `pageerror` events.
 */
export class ConsoleLogBuffer {
  private lines: string[] = [];
  private lastAt = 0;

  /** Record a line now. */
  push(line: string): void {
    this.lines.push(line);
    this.lastAt = Date.now();
  }

  /** The lines since the last take, and forget them. */
  take(): string[] {
    return this.lines.splice(0);
  }

  /**
   * Wait until no line has arrived for `quietMs`, or `maxMs` has passed, whichever is first
   * (baseline: 500 ms and 3 s). Starts counting the quiet from now at the latest.
   */
  async waitForQuiet(quietMs: number, maxMs: number): Promise<void> {
    const start = Date.now();
    this.lastAt = Math.max(this.lastAt, start);
    for (;;) {
      const now = Date.now();
      const quietFor = now - this.lastAt;
      if (quietFor >= quietMs || now - start >= maxMs) return;
      await sleep(Math.min(quietMs - quietFor, maxMs - (now - start), 100));
    }
  }
}

/** One console message as a log line: `[<type>] <text>` (type as the browser reports it). */
export function formatConsoleLine(type: string, text: string): string {
  return `[${type}] ${text}`;
}
