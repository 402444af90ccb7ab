import { ERROR_CODES, quiverError, type HostUi } from '@quiver/core';
import { composeRuntime, type ComposedRuntime } from './compose-runtime.js';
import type { QuiverSettings } from './settings.js';

/** What a session composes its runtime from, read afresh at each (re)load. */
export interface SessionSource {
  folders(): string[];
  settings(): QuiverSettings;
  ui: HostUi;
  ripgrepPath?: string;
}

/** The window's Quiver runtime: composed on first use, recomposed after the config or settings change. */
export interface QuiverSession {
  /** Run `fn` with the current runtime; it is not disposed while `fn` runs. */
  use<T>(fn: (composed: ComposedRuntime) => Promise<T>): Promise<T>;
  /** The current runtime (composing it if needed). */
  current(): Promise<ComposedRuntime>;
  /** Drop the runtime; the next use composes a new one from the current config and settings. */
  invalidate(): void;
  /** Called after a (re)composition succeeds. */
  onDidLoad(listener: (composed: ComposedRuntime) => void): void;
  dispose(): Promise<void>;
}

interface Generation {
  loading: Promise<ComposedRuntime>;
  users: number;
  stale: boolean;
}

/** Create the session. */
export function createQuiverSession(source: SessionSource): QuiverSession {
  let generation: Generation | undefined;
  const listeners: ((composed: ComposedRuntime) => void)[] = [];

  const release = async (g: Generation) => {
    if (!g.stale || g.users > 0) return;
    const composed = await g.loading.catch(() => undefined);
    await composed?.runtime.dispose();
  };
  const load = (): Generation => {
    if (generation) return generation;
    const folders = source.folders();
    const settings = source.settings();
    const g: Generation = { users: 0, stale: false, loading: Promise.resolve(undefined as never) };
    g.loading =
      folders.length === 0
        ? Promise.reject(noFolder())
        : composeRuntime({
            folders,
            configPath: settings.configPath,
            approvalOverrides: settings.approvalOverrides,
            ui: source.ui,
            ripgrepPath: source.ripgrepPath,
          });
    g.loading.then(
      (c) => listeners.forEach((l) => l(c)),
      () => undefined,
    );
    // A failed load is not cached: fixing the config and retrying should just work.
    g.loading.catch(() => {
      if (generation === g) generation = undefined;
    });
    generation = g;
    return g;
  };

  const session: QuiverSession = {
    async use(fn) {
      const g = load();
      g.users++;
      try {
        return await fn(await g.loading);
      } finally {
        g.users--;
        void release(g);
      }
    },
    current: () => load().loading,
    invalidate() {
      const g = generation;
      generation = undefined;
      if (!g) return;
      g.stale = true;
      void release(g);
    },
    onDidLoad: (listener) => void listeners.push(listener),
    async dispose() {
      const g = generation;
      generation = undefined;
      if (!g) return;
      g.stale = true;
      await release(g);
    },
  };
  return session;
}

function noFolder(): Error {
  return quiverError(
    ERROR_CODES.PATH_RESOLVE,
    'Quiver needs a workspace folder: its tools work on the folders open in this window. Open a folder and try again.',
  );
}
