import { ERROR_CODES, quiverError } from '../errors.js';
import { addTap, busOver, byStage, shareRunner, tapsOf, type Tap } from './hook-bus.js';
import type { HookBus } from './hook-bus.js';
import type { HookName } from './hook-names.js';

/** A task's hook bus: the host's taps plus the task's own, which go when the task is disposed. */
export interface TaskHookBus extends HookBus {
  /** Remove every tap made on this bus (the task is done); later taps are refused. */
  dispose(): void;
}

/**
 * The hook bus of one task (`coreServices.taskHooks`). A tap made on it runs only for this
 * task's calls and lifecycle events, in stage order among the host's taps (a task's
 * `STAGE.POLICY` tap runs before a host's `STAGE.DEFAULT` one; equal stages in registration
 * order), and is gone when the task is disposed — in the manner of Fastify's encapsulated
 * contexts, whose hooks never leak to the parent. The host's taps are read when each call
 * begins, so a plugin that loads in the middle of a task taps it too. While the task has no
 * taps of its own a call costs what a call on the host's bus costs.
 */
export function createTaskHookBus(host: HookBus): TaskHookBus {
  const hostTaps = tapsOf(host);
  const own = new Map<HookName, readonly Tap[]>();
  const removers = new Set<() => void>();
  let disposed = false;
  const list = (hook: HookName): readonly Tap[] | undefined => {
    const mine = own.get(hook);
    const theirs = hostTaps?.(hook);
    if (!mine?.length) return theirs;
    return theirs?.length ? [...theirs, ...mine].sort(byStage) : mine;
  };
  const bus = busOver(list, (hook, options, fn) => {
    if (disposed) {
      throw quiverError(ERROR_CODES.HOOK_UNKNOWN, `Cannot tap '${hook}' on a task that was disposed: its taps are gone with it.`, { hook });
    }
    if (!hostTaps) {
      throw quiverError(
        ERROR_CODES.HOOK_UNKNOWN,
        `Cannot tap '${hook}' for one task: the host's hook bus was not made by this copy of @quiver/core (createHookBus), so task taps cannot be ordered among its taps.`,
        { hook },
      );
    }
    const remove = addTap(own, hook, options, fn);
    removers.add(remove);
    return () => {
      removers.delete(remove);
      remove();
    };
  });
  // A bus this core did not make: calls go to it as they are (nothing of the task's to add).
  const calls: HookBus = hostTaps ? bus : { ...host, tap: bus.tap };
  const taskBus: TaskHookBus = {
    ...calls,
    dispose() {
      disposed = true;
      // Each tap is marked removed too, so a call still running skips it.
      for (const remove of [...removers]) remove();
      removers.clear();
    },
  };
  // The copy runs exactly `calls`' methods, so the executor may call its runner directly too.
  shareRunner(calls, taskBus);
  return taskBus;
}
