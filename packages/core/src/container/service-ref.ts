import { ERROR_CODES, quiverError } from '../errors.js';

/** Where a service lives: one per host (`root`), one per task (`task`), or one per tool call (`call`). */
export type ServiceScope = 'root' | 'task' | 'call';

/**
 * A typed token for a service. The phantom `T` carries the service's type, so
 * `services.get(ref)` is typed without casts. The awilix registration name is the `id`.
 */
export interface ServiceRef<T> {
  readonly id: string;
  readonly scope: ServiceScope;
  readonly $$type: 'quiver.service-ref';
  /** Phantom: never set at run time. */
  readonly T?: T;
}

/**
 * Declare a service ref.
 * @example
 * const clock = createServiceRef<{ now(): number }>({ id: 'acme.clock', scope: 'root' });
 */
export function createServiceRef<T>(options: { id: string; scope: ServiceScope }): ServiceRef<T> {
  if (!/^[a-z][\w-]*(\.[\w-]+)+$/i.test(options.id)) {
    throw quiverError(
      ERROR_CODES.SERVICE_REF_INVALID,
      `Service ref id '${options.id}' must be dotted, like 'core.workspace' or 'acme.clock'. Prefix it with your package's area.`,
      { key: options.id },
    );
  }
  return Object.freeze({ id: options.id, scope: options.scope, $$type: 'quiver.service-ref' as const });
}

/** Reads services by ref. Handlers get one on `config.services`. */
export interface ServiceLocator {
  /** The service for a ref; throws `QUIVER_ERR_SERVICE_MISSING` when nothing registered it. */
  get<T>(ref: ServiceRef<T>): T;
  /** The service for a ref, or undefined. */
  find<T>(ref: ServiceRef<T>): T | undefined;
}
