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
}

/**
 * A Quiver container over an awilix one. A scope's awilix container is made only once
 * something is registered in it (a deferred task or call service, `provide`, `provideValue`):
 * until then it would hold nothing of its own, so lookups go straight to the parent's. Every
 * tool call opens a call scope, and making (and disposing) an empty awilix scope was most of a
 * no-op call's pipeline cost.
 */
function wrap(make: () => AwilixContainer, scope: ServiceScope, deferred: Record<'task' | 'call', Deferred[]>, parent?: Parent): QuiverContainer {
  const disposers: (() => unknown)[] = [];
  let synced = 0;
  let mine: AwilixContainer | undefined;
  const own = (): AwilixContainer => (mine ??= make());
  /** Where lookups go: this scope's container once it has one, else the nearest that does. */
  const lookup = (): AwilixContainer => mine ?? (parent ? parent.lookup() : own());
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
  const self: QuiverContainer = {
    scope,
    get awilix() {
      return own();
    },
    get<T>(ref: ServiceRef<T>): T {
      sync();
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
      const container = lookup();
      return container.hasRegistration(ref.id) ? container.resolve<T>(ref.id) : undefined;
    },
    has: (ref) => {
      sync();
      return lookup().hasRegistration(ref.id);
    },
    provide(ref, factory, options) {
      const d: Deferred = { ref, factory, dispose: options?.dispose as Deferred['dispose'] };
      if (ref.scope === 'root' || ref.scope === scope) register(d);
      else deferred[ref.scope].push(d);
    },
    provideValue(ref, value) {
      own().register(ref.id, asValue(value));
    },
    createScope(kind) {
      return wrap(() => own().createScope(), kind, deferred, { sync, own, lookup });
    },
    async dispose() {
      for (const d of disposers.splice(0).reverse()) await d();
      await mine?.dispose();
    },
  };
  return self;
}
