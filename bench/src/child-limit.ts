// Every child the bench starts runs in a process group of its own (spawned `detached`, so
// setsid) and under a time limit: when the limit passes, the whole group is killed, so a peer
// that is slow or stuck (or that left children behind) cannot hold up `pnpm bench`.

/**
 * Default lifetime of one child process, ms: a backstop far above any healthy measurement
 * here (the slowest, a 1,000-call MCP round, takes seconds). Rows set tighter limits of their
 * own where a peer is known to be slow. `QUIVER_BENCH_CHILD_LIMIT_MS` overrides it.
 */
export const CHILD_TIME_LIMIT_MS = positive(process.env.QUIVER_BENCH_CHILD_LIMIT_MS) ?? 300_000;

/** A measurement that ran past its time limit (its process group was killed). */
export class TimedOut extends Error {
  constructor(
    /** What timed out, e.g. `desktop-commander round 2`. */
    readonly what: string,
    readonly limitMs: number,
  ) {
    super(`${what} timed out after ${(limitMs / 1000).toFixed(0)} s (its process group was killed)`);
    this.name = 'TimedOut';
  }
}

/** Process groups still alive, killed when the bench exits however it exits. */
const live = new Set<number>();
/** Time-outs since the last {@link takeTimeOuts}, for the runner to report. */
const timeOuts: TimedOut[] = [];

process.once('exit', () => {
  for (const pid of live) killGroup(pid);
});

/** SIGKILL a child's whole process group (the child leads it: it was spawned `detached`). */
export function killGroup(pid: number | undefined): void {
  if (!pid) return;
  live.delete(pid);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/**
 * Watch a detached child: kill its group after `limitMs` (calling `onTimeOut` with the
 * {@link TimedOut}, also recorded for {@link takeTimeOuts}), or when it exits (its
 * leftovers). Returns the function that stops the watch and kills the group.
 */
export function limitChild(pid: number | undefined, what: string, limitMs: number, onTimeOut?: (e: TimedOut) => void): () => void {
  if (!pid) return () => {};
  live.add(pid);
  const timer = setTimeout(() => {
    const e = new TimedOut(what, limitMs);
    timeOuts.push(e);
    killGroup(pid);
    onTimeOut?.(e);
  }, limitMs);
  timer.unref();
  return () => {
    clearTimeout(timer);
    killGroup(pid);
  };
}

/** The time-outs recorded since the last call (and forget them). */
export function takeTimeOuts(): TimedOut[] {
  return timeOuts.splice(0);
}

/**
 * Race `work` against a time limit: on time-out, `onTimeOut` runs (kill what `work` waits on)
 * and the promise rejects with {@link TimedOut}.
 */
export async function withTimeLimit<T>(what: string, limitMs: number, work: Promise<T>, onTimeOut: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = new TimedOut(what, limitMs);
      timeOuts.push(e);
      onTimeOut();
      reject(e);
    }, limitMs);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
    // The losing side may still settle later; nobody waits for it.
    work.catch(() => {});
  }
}

function positive(text: string | undefined): number | undefined {
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? n : undefined;
}
