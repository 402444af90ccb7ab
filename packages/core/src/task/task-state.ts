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
  return new TaskReadCache();
}

/*
 * The getters below (`size`, `count`...) are on class prototypes, not in object literals: an
 * accessor whose getter is a closure made per object puts the object in dictionary mode, and
 * V8's young-generation GC keeps such an object, and all its closures reach, alive until a
 * full GC. Every MCP call makes a task, so a literal here promoted each call's objects to the
 * old generation (bench finding peer-rss). The methods stay closures: callers may take them
 * off the object.
 */

class TaskReadCache implements ReadCache {
  readonly #map = new Map<string, ReadCacheEntry>();
  readonly get = (p: string): ReadCacheEntry | undefined => this.#map.get(p.toLowerCase());
  readonly set = (p: string, e: ReadCacheEntry): void => void this.#map.set(p.toLowerCase(), e);
  readonly delete = (p: string): void => void this.#map.delete(p.toLowerCase());
  readonly clear = (): void => this.#map.clear();
  get size(): number {
    return this.#map.size;
  }
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
  return new TaskMistakeCounter(limit);
}

class TaskMistakeCounter implements MistakeCounter {
  #count = 0;
  #tripReason: string | undefined;
  constructor(readonly limit: number) {}
  get count(): number {
    return this.#count;
  }
  get tripReason(): string | undefined {
    return this.#tripReason;
  }
  get limitReached(): boolean {
    return this.#count >= this.limit;
  }
  readonly increment = (): number => ++this.#count;
  readonly reset = (): void => {
    this.#count = 0;
    this.#tripReason = undefined;
  };
  readonly trip = (reason?: string): void => {
    this.#count = Math.max(this.#count, this.limit);
    this.#tripReason = reason;
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
