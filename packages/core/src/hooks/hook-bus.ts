import type { ServiceLocator } from '../container/service-ref.js';
import { ERROR_CODES, quiverError } from '../errors.js';
import { HOOK_NAMES, isHookName, type HookMap, type HookName, type HookNameOfKind } from './hook-names.js';
import { STAGE, type Stage } from './stages.js';

/** How a tap is registered. */
export interface TapOptions {
  /** Who taps: the plugin package name (required, shown in errors and `quiver hooks list`). */
  name: string;
  /** @default STAGE.DEFAULT */
  stage?: Stage;
  /** Only run for these tool names (tool hooks only). */
  tools?: string[];
  /** A tap slower than this fails with `QUIVER_ERR_HOOK_TIMEOUT`. @default 60000 */
  timeoutMs?: number;
  /**
   * What a throw or time-out does. `block`: a `PreToolUse` tap that fails denies the call;
   * `continue`: the failure is recorded and the next tap runs.
   * @default 'block' for PreToolUse, 'continue' otherwise
   */
  onError?: 'block' | 'continue';
}

/**
 * What a tap gets besides the event: the services of the task (and call) that fired the hook,
 * so a plugin's tap works on that task's own services (a task-scoped session, a per-task
 * mark) instead of a module-level map keyed by task id. Absent when the host fired the hook
 * outside any task scope.
 */
export interface TapContext {
  readonly services?: ServiceLocator;
}

/** A tap function for hook `N`. */
export type TapFn<N extends HookName> = (
  event: HookMap[N]['event'],
  context: TapContext,
) => Promise<HookMap[N]['result'] | void> | HookMap[N]['result'] | void;

/** A registered tap, as `quiver hooks list` shows it. */
export interface TapInfo {
  hook: HookName;
  name: string;
  stage: number;
  tools?: string[];
}

/** What a waterfall or series call returns. */
export interface HookOutcome<N extends HookName> {
  /** The event after every rewrite. */
  event: HookMap[N]['event'];
  /** Each tap's answer, in order. */
  results: Exclude<HookMap[N]['result'], void>[];
  /** Taps that threw or timed out, with the policy applied. */
  errors: { tap: string; error: Error; blocked: boolean }[];
}

/** A reducer folds one tap's answer into the event the next tap sees; `stop` ends the chain. */
export type HookReducer<N extends HookName> = (
  event: HookMap[N]['event'],
  result: Exclude<HookMap[N]['result'], void>,
) => { event: HookMap[N]['event']; stop?: boolean };

/**
 * The hook bus for the tool and task lifecycle. Taps run by stage, then in registration
 * order; every tap returns its own unregister function.
 */
export interface HookBus {
  tap<N extends HookName>(hook: N, options: TapOptions | string, fn: TapFn<N>): () => void;
  /** Waterfall hooks: each tap sees the previous one's rewrite (`reduce` says how to fold). */
  callWaterfall<N extends HookNameOfKind<'waterfall'>>(
    hook: N,
    event: HookMap[N]['event'],
    reduce: HookReducer<N>,
    context?: TapContext,
  ): Promise<HookOutcome<N>>;
  /** Series hooks: every tap runs in order; answers are collected. */
  callSeries<N extends HookNameOfKind<'series'>>(hook: N, event: HookMap[N]['event'], context?: TapContext): Promise<HookOutcome<N>>;
  /** Parallel hooks: fire and wait; answers are ignored, failures recorded. */
  callParallel<N extends HookNameOfKind<'parallel'>>(hook: N, event: HookMap[N]['event'], context?: TapContext): Promise<HookOutcome<N>>;
  /** The taps of a hook, in the order they run. */
  taps(hook: HookName): TapInfo[];
}

/** One call's run over its taps (internal). */
export interface State {
  event: Record<string, unknown>;
  results: unknown[];
  errors: { tap: string; error: Error; blocked: boolean }[];
  stopped: boolean;
  context: TapContext;
  reduce?: (event: never, result: never) => { event: unknown; stop?: boolean };
}

const NO_CONTEXT: TapContext = Object.freeze({});

/** One registered tap: what `taps()` lists, and the function that runs it on a call's state (internal). */
export interface Tap extends TapInfo {
  /** Registration order across every bus (a host's and its tasks'), so merged lists keep it. */
  id: number;
  /** Run on a call's state: synchronously when the tap answered synchronously. */
  run(state: State): State | Promise<State>;
}

/** Tap ids: one counter for every bus, so a task's taps and the host's interleave in registration order. */
let nextTapId = 0;

/** The taps of each bus made here, for a task's bus to merge with its host's (internal). */
const tapLists = new WeakMap<HookBus, (hook: HookName) => readonly Tap[] | undefined>();

/** A bus's current taps of `hook`, or undefined for a bus this core did not make (internal). */
export function tapsOf(bus: HookBus): ((hook: HookName) => readonly Tap[] | undefined) | undefined {
  return tapLists.get(bus);
}

/** Stage first, then registration order. */
export function byStage(a: Tap, b: Tap): number {
  return a.stage - b.stage || a.id - b.id;
}

/**
 * Run one tap on the shared state: skip it once the chain stopped or for other tools, fold its
 * answer in with the call's reducer, and record a throw or time-out (which stops the chain
 * when the tap's policy is `block`). A tap that answers synchronously is done synchronously:
 * every tool call runs two tool hooks, and a promise (and a microtask turn) per tap was a
 * measurable part of a call.
 */
function runTap(
  state: State,
  hook: HookName,
  opts: TapOptions,
  onError: 'block' | 'continue',
  fn: (event: never, context: TapContext) => unknown,
): State | Promise<State> {
  if (state.stopped) return state;
  const tool = (state.event as { tool?: string }).tool;
  if (opts.tools && (!tool || !opts.tools.includes(tool))) return state;
  let answer: unknown;
  try {
    answer = fn(state.event as never, state.context);
    // Only a pending answer gets a time-out (and its timer, which on every call of every tool
    // was a good part of a hook's cost).
    if (!isThenable(answer)) {
      fold(state, answer);
      return state;
    }
  } catch (e) {
    failed(state, opts.name, onError, e);
    return state;
  }
  return withTimeout(Promise.resolve(answer), opts.timeoutMs ?? 60_000, hook, opts.name).then(
    (result) => {
      try {
        fold(state, result);
      } catch (e) {
        failed(state, opts.name, onError, e);
      }
      return state;
    },
    (e: unknown) => {
      failed(state, opts.name, onError, e);
      return state;
    },
  );
}

/** Fold one tap's answer into the state with the call's reducer. */
function fold(state: State, result: unknown): void {
  if (result === undefined || result === null) return;
  state.results.push(result);
  if (state.reduce) {
    const next = state.reduce(state.event as never, result as never);
    state.event = next.event as Record<string, unknown>;
    if (next.stop) state.stopped = true;
  }
}

/** Record a tap that threw or timed out; `block` stops the chain. */
function failed(state: State, tap: string, onError: 'block' | 'continue', e: unknown): void {
  const error = e instanceof Error ? e : new Error(String(e));
  const blocked = onError === 'block';
  state.errors.push({ tap, error, blocked });
  if (blocked) state.stopped = true;
}

/**
 * Create a hook bus. Each hook is a sorted array of taps (stage, then registration order),
 * kept sorted as taps come and go; a call runs over the array as it was when the call began,
 * in series for waterfall and series hooks, all at once for parallel ones. A small runner of
 * our own, in the manner of Fastify's hooks: no hook library, and nothing to recompile when a
 * tap is removed.
 */
export function createHookBus(): HookBus {
  const hooks = new Map<HookName, readonly Tap[]>();
  const bus = busOver(
    (hook) => hooks.get(hook),
    (hook, options, fn) => addTap(hooks, hook, options, fn),
  );
  tapLists.set(bus, (hook) => hooks.get(hook));
  return bus;
}

/**
 * A bus whose calls run `list(hook)` (the taps as they are when the call begins) and whose
 * `tap` is `add` (internal: the host's bus and a task's bus are both this).
 */
export function busOver(list: (hook: HookName) => readonly Tap[] | undefined, add: HookBus['tap']): HookBus {
  const run: HookRunner = (name, event, reduce, context) => runTaps(name, list(name), event, reduce, context);
  const bus: HookBus = {
    tap: add,
    callWaterfall: (hook, event, reduce, context) => Promise.resolve(run(hook, event as never, reduce as never, context)) as never,
    callSeries: (hook, event, context) => Promise.resolve(run(hook, event as never, undefined, context)) as never,
    callParallel: (hook, event, context) => Promise.resolve(run(hook, event as never, undefined, context)) as never,
    taps: (hook) => (list(hook) ?? []).map(({ hook: h, name, stage, tools }) => ({ hook: h, name, stage, tools })),
  };
  runners.set(bus, { run, list });
  return bus;
}

/**
 * Let `copy` (a bus made from `bus`'s own methods, as a task's bus adds `dispose`) be called
 * directly by the executor, as `bus` is (internal). Only a bus registered here skips its
 * `callWaterfall`; a copy made by spreading, or a wrapper, is called through its methods.
 */
export function shareRunner(bus: HookBus, copy: HookBus): void {
  const runner = runners.get(bus);
  if (runner) runners.set(copy, runner);
}

/** Runs a hook on a bus made here: the outcome, synchronously when every tap answered so (internal). */
type HookRunner = (
  name: HookName,
  event: Record<string, unknown>,
  reduce?: State['reduce'],
  context?: TapContext,
) => HookOutcome<never> | Promise<HookOutcome<never>>;

/**
 * The runner of each bus made here, keyed by the bus object itself (internal). Not a property of
 * the bus: a property would be copied by a spread, and a wrapper that spreads a bus and
 * overrides `callWaterfall` would then be bypassed by the executor.
 */
const runners = new WeakMap<HookBus, { run: HookRunner; list: (hook: HookName) => readonly Tap[] | undefined }>();

/**
 * A waterfall or series hook on `bus`, as `callWaterfall` runs it, but with the outcome
 * returned synchronously when every tap answered synchronously (or there was none): the
 * executor runs two tool hooks per call (internal). A bus this core did not make is called
 * through its own `callWaterfall`.
 */
export function callHookNow<N extends HookNameOfKind<'waterfall'>>(
  bus: HookBus,
  hook: N,
  event: HookMap[N]['event'],
  reduce: HookReducer<N>,
  context?: TapContext,
): HookOutcome<N> | Promise<HookOutcome<N>> {
  const runner = runners.get(bus);
  if (!runner) return bus.callWaterfall(hook, event, reduce, context);
  return runner.run(hook, event as never, reduce as never, context) as HookOutcome<N> | Promise<HookOutcome<N>>;
}

/**
 * False when a bus made here has no tap on `hook` that could run for `tool` now, so the caller
 * need not build the event (internal: the executor builds two tool-hook events per call). True
 * for a bus this core did not make: only its own methods can say.
 */
export function mayTap(bus: HookBus, hook: HookName, tool?: string): boolean {
  const runner = runners.get(bus);
  if (!runner) return true;
  const taps = runner.list(hook);
  if (!taps?.length) return false;
  if (tool === undefined) return true;
  for (const t of taps) if (!t.tools || t.tools.includes(tool)) return true;
  return false;
}

/**
 * Run a hook's taps (in series, or all at once for a parallel hook) over one shared state.
 * Synchronous while the taps answer synchronously; from the first pending answer on, the rest
 * run in series after it.
 */
function runTaps(
  name: HookName,
  taps: readonly Tap[] | undefined,
  event: Record<string, unknown>,
  reduce?: State['reduce'],
  context: TapContext = NO_CONTEXT,
): HookOutcome<never> | Promise<HookOutcome<never>> {
  const state: State = { event, results: [], errors: [], stopped: false, context, reduce };
  if (taps?.length) {
    if (HOOK_NAMES[name] === 'parallel') return Promise.all(taps.map((t) => t.run(state))).then(() => outcomeOf(state));
    for (let i = 0; i < taps.length; i++) {
      const step = taps[i].run(state);
      if (step instanceof Promise) return step.then(() => runRest(taps, i + 1, state));
    }
  }
  return outcomeOf(state);
}

async function runRest(taps: readonly Tap[], from: number, state: State): Promise<HookOutcome<never>> {
  for (let i = from; i < taps.length; i++) await taps[i].run(state);
  return outcomeOf(state);
}

function outcomeOf(state: State): HookOutcome<never> {
  return { event: state.event, results: state.results, errors: state.errors } as never;
}

/**
 * Validate and add one tap to `hooks` (kept sorted by stage, then registration order); the
 * returned function removes it (internal).
 */
export function addTap<N extends HookName>(
  hooks: Map<HookName, readonly Tap[]>,
  hook: N,
  options: TapOptions | string,
  fn: TapFn<N>,
): () => void {
  if (!isHookName(hook)) {
    throw quiverError(ERROR_CODES.HOOK_UNKNOWN, `Unknown hook '${String(hook)}'. Known hooks: ${Object.keys(HOOK_NAMES).join(', ')}.`, {
      hook: String(hook),
    });
  }
  const opts: TapOptions = typeof options === 'string' ? { name: options } : options;
  if (!opts.name) throw quiverError(ERROR_CODES.HOOK_UNKNOWN, `A tap on '${hook}' needs a name (the plugin package).`, { hook });
  const onError = opts.onError ?? (hook === 'PreToolUse' ? 'block' : 'continue');
  let removed = false;
  const tap: Tap = {
    hook,
    name: opts.name,
    stage: opts.stage ?? STAGE.DEFAULT,
    tools: opts.tools,
    id: nextTapId++,
    // A call that began before the tap was removed still holds it: it does nothing then.
    run: (state) => (removed ? state : runTap(state, hook, opts, onError, fn as never)),
  };
  // A new array each time: a call in progress keeps iterating the one it started with.
  hooks.set(hook, [...(hooks.get(hook) ?? []), tap].sort(byStage));
  return () => {
    if (removed) return;
    removed = true;
    hooks.set(
      hook,
      (hooks.get(hook) ?? []).filter((t) => t !== tap),
    );
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

async function withTimeout<T>(promise: Promise<T>, ms: number, hook: string, tap: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          quiverError(ERROR_CODES.HOOK_TIMEOUT, `Hook tap '${tap}' on ${hook} did not answer within ${ms} ms.`, { hook, plugin: tap }),
        ),
      ms,
    );
    timer.unref?.();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
