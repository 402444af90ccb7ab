/** One entry of the per-task read cache (SPEC Part B §6). Keys are lowercased absolute paths. */
export interface ReadCacheEntry {
  readCount: number;
  mtimeMs: number;
  /** The file's line count, known once the whole file was read (a file reader's repeat notice). */
  lines?: number;
  /** A cached image block to re-send on a duplicate read. */
  image?: { data: string; mimeType: string };
}

/** The per-task read cache: a file reader counts duplicate reads; writes evict; commands clear it. */
export interface ReadCache {
  get(absolutePath: string): ReadCacheEntry | undefined;
  set(absolutePath: string, entry: ReadCacheEntry): void;
  /** Evict one path (any write tool does this for the paths it changed). */
  delete(absolutePath: string): void;
  /** Forget everything (a command tool does this after a command ran). */
  clear(): void;
  readonly size: number;
}

/** Creates an empty {@link ReadCache}. Keys are lowercased, as the baseline does. */
export function createReadCache(): ReadCache {
  const map = new Map<string, ReadCacheEntry>();
  return {
    get: (p) => map.get(p.toLowerCase()),
    set: (p, e) => void map.set(p.toLowerCase(), e),
    delete: (p) => void map.delete(p.toLowerCase()),
    clear: () => map.clear(),
    get size() {
      return map.size;
    },
  };
}

/** The consecutive-mistake counter (SPEC Part B §11, Part A). */
export interface MistakeCounter {
  readonly count: number;
  readonly limit: number;
  readonly limitReached: boolean;
  increment(): number;
  reset(): void;
  /** Jump straight to the limit (5 identical calls in a row), saying why for the user. */
  trip(reason?: string): void;
  /** Why the limit was reached when {@link trip} did it (not a count of mistakes); cleared by `reset`. */
  readonly tripReason: string | undefined;
}

/** Creates a mistake counter with a limit (default 3). */
export function createMistakeCounter(limit = 3): MistakeCounter {
  let count = 0;
  let tripReason: string | undefined;
  return {
    get count() {
      return count;
    },
    get tripReason() {
      return tripReason;
    },
    limit,
    get limitReached() {
      return count >= limit;
    },
    increment: () => ++count,
    reset: () => {
      count = 0;
      tripReason = undefined;
    },
    trip: (reason) => {
      count = Math.max(count, limit);
      tripReason = reason;
    },
  };
}

/**
 * Mutable state of one task, shared by all its tool calls. Tools keep their own task-scoped
 * data in `values` under a key of their package name (a todo list, a double-check flag...).
 */
export interface TaskState {
  /** The user rejected a tool in this message; later tools in it are skipped. */
  didRejectTool: boolean;
  /** A tool already ran in this message (when parallel calling is off). */
  didAlreadyUseTool: boolean;
  /** The task was aborted. */
  abort: boolean;
  /** Per-plugin task data. */
  readonly values: Map<string, unknown>;
}

/** Creates a fresh {@link TaskState}. */
export function createTaskState(): TaskState {
  return { didRejectTool: false, didAlreadyUseTool: false, abort: false, values: new Map() };
}

/** Messages of the task, as far as tools need them. */
export interface MessageState {
  /** Feedback and context the host should add to the next user message. */
  readonly pendingContext: string[];
}

/** Creates a fresh {@link MessageState}. */
export function createMessageState(): MessageState {
  return { pendingContext: [] };
}
