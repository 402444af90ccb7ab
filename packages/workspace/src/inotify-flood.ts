import { readFileSync } from 'node:fs';

/**
 * One count of inotify events per event-loop poll phase for the whole process. The kernel
 * queues at most `fs.inotify.max_queued_events` unread events per inotify instance and drops
 * the rest, libuv ignores the overflow event, and every `fs.watch` of a process shares libuv's
 * one instance. So a flood in any folder one of Quiver's watchers watches can hide a change
 * from another: each watcher counts its events here, and a phase that brings a quarter of the
 * queue's size (room for other watchers' share) tells every listener to drop what its watches
 * vouch for. Kept on `globalThis` under a registered symbol, so every copy of this module in
 * the process (a bundled CLI and an external plugin, the sandbox) shares the same count.
 */
interface Flood {
  burst: number;
  threshold: number;
  readonly listeners: Set<() => void>;
}

const KEY = Symbol.for('quiver.inotify-flood');

function flood(): Flood {
  const global = globalThis as { [KEY]?: Flood };
  global[KEY] ??= { burst: 0, threshold: 0, listeners: new Set() };
  return global[KEY];
}

/** Count one `fs.watch` event; at a flood, every listener runs (within the event's poll phase). */
export function countInotifyEvent(): void {
  const f = flood();
  if (f.threshold === 0) f.threshold = floodThreshold();
  // The events of one poll phase all come before its check phase, where the count restarts.
  if (f.burst === 0) setImmediate(() => void (flood().burst = 0));
  if (++f.burst === f.threshold) for (const listener of [...f.listeners]) listener();
}

/**
 * Run `listener` whenever a poll phase brings a flood of events (see above): what watches
 * vouched for may have lost an event. Returns the unsubscribe.
 */
export function onInotifyFlood(listener: () => void): () => void {
  const f = flood();
  f.listeners.add(listener);
  return () => f.listeners.delete(listener);
}

/** For tests: the number of events in one poll phase taken for a flood (0: from the kernel's queue size). */
export function setInotifyFloodThreshold(threshold: number): void {
  flood().threshold = threshold;
}

function floodThreshold(): number {
  try {
    const max = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8'));
    return Number.isFinite(max) && max > 0 ? Math.max(1, Math.floor(max / 4)) : 1;
  } catch {
    return 1; // unknown queue size: any event may be the last one the kernel kept
  }
}
