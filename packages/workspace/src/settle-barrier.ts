/**
 * Why two hops: inotify queues an event inside the syscall that made the change, and libuv
 * reads the inotify fd (running every `fs.watch` listener) in the poll phase. A call that
 * waits until one whole poll phase has begun after it started therefore sees, through its
 * watchers, every change made before it started: by this process (sync or `fs.promises`), a
 * child, or another process. `setImmediate` callbacks run in the check phase, right after
 * poll; one hop is not enough from inside an I/O callback (its immediate runs in the same
 * iteration's check phase, before any new poll), two always are, from any phase.
 */

interface Barrier {
  /** True once the first hop ran: a call starting later needs a barrier of its own. */
  hopped: boolean;
  readonly done: Promise<void>;
}

let pending: Barrier | undefined;
/** How many barriers have resolved: a fact checked once per settled call is keyed by it. */
let generation = 0;

/** The number of barriers resolved so far (see {@link settleBarrier}). */
export function barrierGeneration(): number {
  return generation;
}

/**
 * A promise that resolves once a full event-loop poll phase has begun after this call, so
 * every `fs.watch` event for a change made before the call has been delivered (see above).
 * Calls made before the first hop of a pending barrier share it: that poll phase also begins
 * after them.
 */
export function settleBarrier(): Promise<void> {
  if (pending && !pending.hopped) return pending.done;
  let resolve!: () => void;
  const barrier: Barrier = { hopped: false, done: new Promise<void>((r) => (resolve = r)) };
  setImmediate(() => {
    barrier.hopped = true;
    setImmediate(() => {
      generation++;
      resolve();
    });
  });
  pending = barrier;
  return barrier.done;
}
