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
  return new Scope('root', { task: [], call: [] }, undefined);
}

/** "No plain value here" (a registered value may itself be undefined). */
const NONE: unique symbol = Symbol('none');

/**
 * Set once anything takes a scope's awilix container (the escape hatch): from then on lookups
 * ask awilix, which may hold registrations made around this class. Until then every
 * registration went through a Scope, which also keeps it in its own map, so a lookup walks
 * those maps instead: a resolve through awilix cost ~0.8 µs and every call made four or five.
 */
let escaped = false;

/**
 * What a scope with nothing to dispose returns from `dispose()` (internal: the executor need not
 * wait a microtask turn for it after every call).
 */
export const DISPOSED: Promise<void> = Promise.resolve();

/**
 * A Quiver container over an awilix one. A scope's awilix container is made only once
 * something is registered in it (a deferred task or call service, `provide`, `provideValue`):
 * until then it would hold nothing of its own, so lookups go straight to the parent's. Every
 * tool call opens a call scope, and making (and disposing) an empty awilix scope was most of a
 * no-op call's pipeline cost. Ready-made values (`provideValue`: a task's state, read cache...)
 * are kept in a plain map until the scope needs a container for something else, and are then
 * registered into it: a task that only holds values (every MCP call makes one) never builds an
 * awilix scope.
 *
 * A class, not a closure per method: every call makes a scope, and a dozen closures (plus the
 * object literal holding them, which V8 pretenures once the long-lived root and task scopes
 * made from the same literal survived) kept each call's scope alive until a full GC.
 */
class Scope implements QuiverContainer {
  readonly scope: ServiceScope;
  readonly #deferred: Record<'task' | 'call', Deferred[]>;
  readonly #parent: Scope | undefined;
  #disposers: (() => unknown)[] | undefined;
  #synced = 0;
  #mine: AwilixContainer | undefined;
  /** Values given to a scope that has no container yet (moved into it once it has one). */
  #values: Map<string, unknown> | undefined;
  /** Everything registered in this scope, by id, as the function that gives it (see `escaped`). */
  #local: Map<string, () => unknown> | undefined;

  constructor(scope: ServiceScope, deferred: Record<'task' | 'call', Deferred[]>, parent: Scope | undefined) {
    this.scope = scope;
    this.#deferred = deferred;
    this.#parent = parent;
    if (!parent) this.#mine = createAwilix({ strict: true });
  }

  get awilix(): AwilixContainer {
    escaped = true;
    return this.#own();
  }

  get<T>(ref: ServiceRef<T>): T {
    this.#sync();
    const found = escaped ? NONE : this.#local_(ref.id);
    if (found !== NONE) return found as T;
    const value = this.#plain(ref.id);
    if (value !== NONE) return value as T;
    const container = this.#lookup();
    if (!container.hasRegistration(ref.id)) {
      throw quiverError(
        ERROR_CODES.SERVICE_MISSING,
        `No service is registered for '${ref.id}' in the ${this.scope} scope. Provide it in the host (createRuntime does for core services) or in a plugin's register().`,
        { key: ref.id },
      );
    }
    return container.resolve<T>(ref.id);
  }

  find<T>(ref: ServiceRef<T>): T | undefined {
    this.#sync();
    if (!escaped) {
      const found = this.#local_(ref.id);
      return found === NONE ? undefined : (found as T);
    }
    const value = this.#plain(ref.id);
    if (value !== NONE) return value as T;
    const container = this.#lookup();
    return container.hasRegistration(ref.id) ? container.resolve<T>(ref.id) : undefined;
  }

  has(ref: ServiceRef<unknown>): boolean {
    this.#sync();
    if (!escaped) return this.#holder(ref.id) !== undefined;
    return this.#plain(ref.id) !== NONE || this.#lookup().hasRegistration(ref.id);
  }

  provide<T>(ref: ServiceRef<T>, factory: (services: ServiceLocator) => T, options?: { dispose?: (service: T) => unknown }): void {
    const d: Deferred = { ref, factory, dispose: options?.dispose as Deferred['dispose'] };
    if (ref.scope === 'root' || ref.scope === this.scope) this.#register(d);
    else this.#deferred[ref.scope].push(d);
  }

  provideValue<T>(ref: ServiceRef<T>, value: T): void {
    (this.#local ??= new Map()).set(ref.id, () => value);
    if (this.#mine || this.scope === 'root') this.#own().register(ref.id, asValue(value));
    else (this.#values ??= new Map()).set(ref.id, value);
  }

  createScope(kind: 'task' | 'call'): QuiverContainer {
    return new Scope(kind, this.#deferred, this);
  }

  dispose(): Promise<void> {
    return this.#disposers === undefined && !this.#mine ? DISPOSED : this.#disposeAll();
  }

  async #disposeAll(): Promise<void> {
    const disposers = this.#disposers ?? [];
    this.#disposers = undefined;
    for (const d of disposers.reverse()) await d();
    await this.#mine?.dispose();
  }

  #own(): AwilixContainer {
    if (this.#mine) return this.#mine;
    const mine = (this.#mine = (this.#parent as Scope).#own().createScope());
    if (this.#values) for (const [id, value] of this.#values) mine.register(id, asValue(value));
    this.#values = undefined;
    return mine;
  }

  /** What this scope or the nearest ancestor registered for `id`, or {@link NONE} (see `escaped`). */
  #local_(id: string): unknown {
    const give = this.#holder(id);
    return give ? give() : NONE;
  }

  /** The nearest registration of `id` from this scope up, as awilix would find it (see `escaped`). */
  #holder(id: string): (() => unknown) | undefined {
    for (let s: Scope | undefined = this; s; s = s.#parent) {
      const give = s.#local?.get(id);
      if (give) return give;
    }
    return undefined;
  }

  /** Where lookups go: this scope's container once it has one, else the nearest that does. */
  #lookup(): AwilixContainer {
    return this.#mine ?? (this.#parent ? this.#parent.#lookup() : this.#own());
  }

  /**
   * A value held without a container by this scope or an ancestor below the nearest container
   * (the nearest holder wins, as a child's registration does in awilix), else {@link NONE}.
   */
  #plain(id: string): unknown {
    if (this.#mine) return NONE;
    if (this.#values?.has(id)) return this.#values.get(id);
    return this.#parent ? this.#parent.#plain(id) : NONE;
  }

  // Task and call services are registered into each scope lazily, so a plugin whose
  // register() runs after a task began (plugins load on first use) still reaches that task.
  #sync(): void {
    if (this.#parent) this.#parent.#sync();
    if (this.scope === 'root') return;
    const list = this.#deferred[this.scope];
    while (this.#synced < list.length) this.#register(list[this.#synced++]);
  }

  #register(d: Deferred): void {
    // Memoised per scope by hand: awilix's SCOPED lifetime would make a fresh instance in every
    // call scope, and task services must be shared by all calls of the task.
    let made = false;
    let making = false;
    let value: unknown;
    const give = (): unknown => {
      if (!made) {
        // Lookups no longer go through awilix, whose resolution stack caught a cycle: without
        // this a factory that needs itself (A needs B needs A) would overflow the stack.
        if (making) throw new Error(`Cyclic dependencies detected: service '${d.ref.id}' is needed while it is being made.`);
        making = true;
        try {
          value = d.factory(this);
        } finally {
          making = false;
        }
        made = true;
        if (d.dispose) (this.#disposers ??= []).push(() => d.dispose!(value as never));
      }
      return value;
    };
    (this.#local ??= new Map()).set(d.ref.id, give);
    this.#own().register(d.ref.id, asFunction(give).transient());
  }
}
