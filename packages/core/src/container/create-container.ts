import { asFunction, asValue, createContainer as createAwilix, type AwilixContainer } from 'awilix';
import { ERROR_CODES, quiverError } from '../errors.js';
import type { ServiceLocator, ServiceRef, ServiceScope } from './service-ref.js';

/** A Quiver container: the root one per host, a scope per task, a child scope per tool call. */
export interface QuiverContainer extends ServiceLocator {
  /** Which scope this container is. */
  readonly scope: ServiceScope;
  /**
   * Register a service built lazily by `factory`: once per host for `root` refs, once per task
   * scope for `task` refs, once per call scope for `call` refs.
   */
  provide<T>(ref: ServiceRef<T>, factory: (services: ServiceLocator) => T, options?: { dispose?: (service: T) => unknown }): void;
  /** Register a ready-made value in this container. */
  provideValue<T>(ref: ServiceRef<T>, value: T): void;
  /** True when something is registered for the ref here or in a parent. */
  has(ref: ServiceRef<unknown>): boolean;
  /** A child scope (`task` under root, `call` under a task). */
  createScope(kind: 'task' | 'call'): QuiverContainer;
  /** Run the disposers of everything this scope created, then forget it. */
  dispose(): Promise<void>;
  /** The underlying awilix container (escape hatch). */
  readonly awilix: AwilixContainer;
}

interface Deferred {
  ref: ServiceRef<unknown>;
  factory: (services: ServiceLocator) => unknown;
  dispose?: (service: never) => unknown;
}

/**
 * Create a root container (awilix in strict mode).
 * @example
 * const root = createContainer();
 * root.provideValue(coreServices.ui, myUi);
 * const task = root.createScope('task');
 */
export function createContainer(): QuiverContainer {
  const deferred: Record<'task' | 'call', Deferred[]> = { task: [], call: [] };
  const root = createAwilix({ strict: true });
  return wrap(() => root, 'root', deferred);
}

interface Parent {
  sync(): void;
  /** The parent's awilix container, made if it was not yet. */
  own(): AwilixContainer;
  /** Where the parent's lookups go (see `wrap`). */
  lookup(): AwilixContainer;
  /** A value the parent (or an ancestor) holds without an awilix container, or {@link NONE}. */
  plain(id: string): unknown;
}

/** "No plain value here" (a registered value may itself be undefined). */
const NONE: unique symbol = Symbol('none');

/**
 * What every scope shares: the `awilix` getter, on this prototype rather than in each scope's
 * object literal. An accessor whose getter is a closure made per object puts that object in
 * dictionary mode (about 1.5 µs to make instead of 0.2), and V8's young-generation GC keeps
 * such an object, and all its closures reach, alive until a full GC: with a task scope and a
 * call scope per MCP call, every call's objects were promoted (see bench finding peer-rss).
 */
class ScopeFace {
  readonly #own: () => AwilixContainer;
  constructor(own: () => AwilixContainer) {
    this.#own = own;
  }
  get awilix(): AwilixContainer {
    return this.#own();
  }
}

/** What a scope with nothing to dispose returns from `dispose()`. */
const DISPOSED: Promise<void> = Promise.resolve();

/**
 * A Quiver container over an awilix one. A scope's awilix container is made only once
 * something is registered in it (a deferred task or call service, `provide`, `provideValue`):
 * until then it would hold nothing of its own, so lookups go straight to the parent's. Every
 * tool call opens a call scope, and making (and disposing) an empty awilix scope was most of a
 * no-op call's pipeline cost. Ready-made values (`provideValue`: a task's state, read cache...)
 * are kept in a plain map until the scope needs a container for something else, and are then
 * registered into it: a task that only holds values (every MCP call makes one) never builds an
 * awilix scope.
 */
function wrap(
  make: () => AwilixContainer,
  scope: ServiceScope,
  deferred: Record<'task' | 'call', Deferred[]>,
  parent?: Parent,
): QuiverContainer {
  const disposers: (() => unknown)[] = [];
  let synced = 0;
  let mine: AwilixContainer | undefined;
  /** Values given to a scope that has no container yet (moved into it once it has one). */
  let values: Map<string, unknown> | undefined;
  const own = (): AwilixContainer => {
    if (mine) return mine;
    mine = make();
    if (values) for (const [id, value] of values) mine.register(id, asValue(value));
    values = undefined;
    return mine;
  };
  /** Where lookups go: this scope's container once it has one, else the nearest that does. */
  const lookup = (): AwilixContainer => mine ?? (parent ? parent.lookup() : own());
  /**
   * A value held without a container by this scope or an ancestor below the nearest container
   * (the nearest holder wins, as a child's registration does in awilix), else {@link NONE}.
   */
  const plain = (id: string): unknown => {
    if (mine) return NONE;
    if (values?.has(id)) return values.get(id);
    return parent ? parent.plain(id) : NONE;
  };
  // Task and call services are registered into each scope lazily, so a plugin whose
  // register() runs after a task began (plugins load on first use) still reaches that task.
  const sync = (): void => {
    parent?.sync();
    if (scope === 'root') return;
    const list = deferred[scope];
    while (synced < list.length) register(list[synced++]);
  };
  const register = (d: Deferred) => {
    // Memoised per scope by hand: awilix's SCOPED lifetime would make a fresh instance in every
    // call scope, and task services must be shared by all calls of the task.
    let made = false;
    let value: unknown;
    own().register(
      d.ref.id,
      asFunction(() => {
        if (!made) {
          value = d.factory(self);
          made = true;
          if (d.dispose) disposers.push(() => d.dispose!(value as never));
        }
        return value;
      }).transient(),
    );
  };
  const methods: Omit<QuiverContainer, 'awilix'> = {
    scope,
    get<T>(ref: ServiceRef<T>): T {
      sync();
      const value = plain(ref.id);
      if (value !== NONE) return value as T;
      const container = lookup();
      if (!container.hasRegistration(ref.id)) {
        throw quiverError(
          ERROR_CODES.SERVICE_MISSING,
          `No service is registered for '${ref.id}' in the ${scope} scope. Provide it in the host (createRuntime does for core services) or in a plugin's register().`,
          { key: ref.id },
        );
      }
      return container.resolve<T>(ref.id);
    },
    find<T>(ref: ServiceRef<T>): T | undefined {
      sync();
      const value = plain(ref.id);
      if (value !== NONE) return value as T;
      const container = lookup();
      return container.hasRegistration(ref.id) ? container.resolve<T>(ref.id) : undefined;
    },
    has: (ref) => {
      sync();
      return plain(ref.id) !== NONE || lookup().hasRegistration(ref.id);
    },
    provide(ref, factory, options) {
      const d: Deferred = { ref, factory, dispose: options?.dispose as Deferred['dispose'] };
      if (ref.scope === 'root' || ref.scope === scope) register(d);
      else deferred[ref.scope].push(d);
    },
    provideValue(ref, value) {
      if (mine || scope === 'root') own().register(ref.id, asValue(value));
      else (values ??= new Map()).set(ref.id, value);
    },
    createScope(kind) {
      return wrap(() => own().createScope(), kind, deferred, { sync, own, lookup, plain });
    },
    dispose() {
      return disposers.length === 0 && !mine ? DISPOSED : disposeAll();
    },
  };
  const self: QuiverContainer = Object.assign(new ScopeFace(own), methods);
  const disposeAll = async (): Promise<void> => {
    for (const d of disposers.splice(0).reverse()) await d();
    await mine?.dispose();
  };
  return self;
}
