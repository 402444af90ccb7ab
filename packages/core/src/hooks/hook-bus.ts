import { AsyncParallelHook, AsyncSeriesWaterfallHook } from 'tapable';
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

/** A tap function for hook `N`. */
export type TapFn<N extends HookName> = (event: HookMap[N]['event']) => Promise<HookMap[N]['result'] | void> | HookMap[N]['result'] | void;

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
 * The hook bus: tapable hooks for the tool and task lifecycle. Taps run by stage, then in
 * registration order; every tap returns its own unregister function.
 */
export interface HookBus {
  tap<N extends HookName>(hook: N, options: TapOptions | string, fn: TapFn<N>): () => void;
  /** Waterfall hooks: each tap sees the previous one's rewrite (`reduce` says how to fold). */
  callWaterfall<N extends HookNameOfKind<'waterfall'>>(hook: N, event: HookMap[N]['event'], reduce: HookReducer<N>): Promise<HookOutcome<N>>;
  /** Series hooks: every tap runs in order; answers are collected. */
  callSeries<N extends HookNameOfKind<'series'>>(hook: N, event: HookMap[N]['event']): Promise<HookOutcome<N>>;
  /** Parallel hooks: fire and wait; answers are ignored, failures recorded. */
  callParallel<N extends HookNameOfKind<'parallel'>>(hook: N, event: HookMap[N]['event']): Promise<HookOutcome<N>>;
  /** The taps of a hook, in the order they run. */
  taps(hook: HookName): TapInfo[];
}

interface State {
  event: Record<string, unknown>;
  results: unknown[];
  errors: { tap: string; error: Error; blocked: boolean }[];
  stopped: boolean;
  reduce?: (event: never, result: never) => { event: unknown; stop?: boolean };
}

type AnyHook = AsyncSeriesWaterfallHook<[State]> | AsyncParallelHook<[State]>;

/**
 * Run one tap on the shared state: skip it once the chain stopped or for other tools, fold its
 * answer in with the call's reducer, and record a throw or time-out (which stops the chain
 * when the tap's policy is `block`).
 */
async function runTap(state: State, hook: HookName, opts: TapOptions, onError: 'block' | 'continue', fn: (event: never) => unknown): Promise<State> {
  if (state.stopped) return state;
  const tool = (state.event as { tool?: string }).tool;
  if (opts.tools && (!tool || !opts.tools.includes(tool))) return state;
  try {
    const answer = fn(state.event as never);
    // A tap that answered synchronously is done: only a pending answer gets a time-out (and
    // its timer, which on every call of every tool was a good part of a hook's cost).
    const result = isThenable(answer) ? await withTimeout(Promise.resolve(answer), opts.timeoutMs ?? 60_000, hook, opts.name) : answer;
    if (result !== undefined && result !== null) {
      state.results.push(result);
      if (state.reduce) {
        const next = state.reduce(state.event as never, result as never);
        state.event = next.event as Record<string, unknown>;
        if (next.stop) state.stopped = true;
      }
    }
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    const blocked = onError === 'block';
    state.errors.push({ tap: opts.name, error, blocked });
    if (blocked) state.stopped = true;
  }
  return state;
}

/** Create a hook bus. */
export function createHookBus(): HookBus {
  const hooks = new Map<HookName, AnyHook>();
  const infos = new Map<HookName, (TapInfo & { id: number })[]>();
  let nextId = 0;

  const hookFor = (name: HookName): AnyHook => {
    let hook = hooks.get(name);
    if (!hook) {
      hook = HOOK_NAMES[name] === 'parallel' ? new AsyncParallelHook<[State]>(['state']) : new AsyncSeriesWaterfallHook<[State]>(['state']);
      hooks.set(name, hook);
    }
    return hook;
  };

  const run = async (name: HookName, event: Record<string, unknown>, reduce?: State['reduce']) => {
    const state: State = { event, results: [], errors: [], stopped: false, reduce };
    await hookFor(name).promise(state);
    return { event: state.event, results: state.results, errors: state.errors } as never;
  };

  return {
    tap(hook, options, fn) {
      if (!isHookName(hook)) {
        throw quiverError(ERROR_CODES.HOOK_UNKNOWN, `Unknown hook '${String(hook)}'. Known hooks: ${Object.keys(HOOK_NAMES).join(', ')}.`, { hook: String(hook) });
      }
      const opts: TapOptions = typeof options === 'string' ? { name: options } : options;
      if (!opts.name) throw quiverError(ERROR_CODES.HOOK_UNKNOWN, `A tap on '${hook}' needs a name (the plugin package).`, { hook });
      const id = nextId++;
      const stage = opts.stage ?? STAGE.DEFAULT;
      const onError = opts.onError ?? (hook === 'PreToolUse' ? 'block' : 'continue');
      let removed = false;
      const wrapped = (state: State): Promise<State> => (removed ? Promise.resolve(state) : runTap(state, hook, opts, onError, fn));
      const h = hookFor(hook);
      const tapOptions = { name: `${opts.name}#${id}`, stage };
      // tapable's hook classes have a null prototype, so `instanceof` throws: go by the kind.
      if (HOOK_NAMES[hook] === 'parallel') (h as AsyncParallelHook<[State]>).tapPromise(tapOptions, async (s) => void (await wrapped(s)));
      else (h as AsyncSeriesWaterfallHook<[State]>).tapPromise(tapOptions, wrapped);
      const list = infos.get(hook) ?? [];
      list.push({ hook, name: opts.name, stage, tools: opts.tools, id });
      infos.set(hook, list);
      return () => {
        if (removed) return;
        removed = true;
        // tapable has no untap: drop the tap from its list and force a recompile.
        const internal = h as unknown as { taps: { name: string }[]; _resetCompilation?: () => void };
        internal.taps = internal.taps.filter((t) => t.name !== tapOptions.name);
        internal._resetCompilation?.();
        infos.set(hook, (infos.get(hook) ?? []).filter((t) => t.id !== id));
      };
    },
    callWaterfall: (hook, event, reduce) => run(hook, event as never, reduce as never),
    callSeries: (hook, event) => run(hook, event as never),
    callParallel: (hook, event) => run(hook, event as never),
    taps: (hook) =>
      [...(infos.get(hook) ?? [])]
        .sort((a, b) => a.stage - b.stage || a.id - b.id)
        .map(({ id: _id, ...info }) => info),
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

async function withTimeout<T>(promise: Promise<T>, ms: number, hook: string, tap: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(quiverError(ERROR_CODES.HOOK_TIMEOUT, `Hook tap '${tap}' on ${hook} did not answer within ${ms} ms.`, { hook, plugin: tap })),
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
