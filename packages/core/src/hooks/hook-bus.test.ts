import { describe, expect, it } from 'vitest';
import { ERROR_CODES, HOOK_NAMES, STAGE, type PreToolUseEvent, type PreToolUseResult, type TaskEvent } from '../index.js';
import { createHookBus } from '../host.js';
import { isHookName } from './hook-names.js';

const preEvent = (tool = 'read_file', input: Record<string, unknown> = {}): PreToolUseEvent => ({
  taskId: 't',
  cwd: '/ws',
  tool,
  input,
  callId: 'c',
});
const taskEvent: TaskEvent = { taskId: 't', cwd: '/ws', hook: 'TaskStart' };
/** The PreToolUse reducer the executor uses: a rewrite replaces the input. */
const rewrite = (event: PreToolUseEvent, r: PreToolUseResult) => ({
  event: r.updatedInput ? { ...event, input: r.updatedInput } : event,
  stop: r.decision === 'deny',
});

describe('tap order', () => {
  it('runs by stage (POLICY, DEFAULT, AUDIT), then in registration order', async () => {
    const bus = createHookBus();
    const ran: string[] = [];
    const tap = (name: string, stage?: (typeof STAGE)[keyof typeof STAGE]) =>
      bus.tap('TaskStart', { name, stage }, () => void ran.push(name));
    tap('audit-1', STAGE.AUDIT);
    tap('default-1');
    tap('policy-1', STAGE.POLICY);
    tap('default-2', STAGE.DEFAULT);
    tap('audit-2', STAGE.AUDIT);
    tap('policy-2', STAGE.POLICY);
    await bus.callSeries('TaskStart', taskEvent);
    const expected = ['policy-1', 'policy-2', 'default-1', 'default-2', 'audit-1', 'audit-2'];
    expect(ran).toEqual(expected);
    expect(bus.taps('TaskStart').map((t) => t.name)).toEqual(expected);
  });

  it('a waterfall tap sees the previous tap’s rewrite', async () => {
    const bus = createHookBus();
    const seen: unknown[] = [];
    for (const n of [1, 2, 3]) {
      bus.tap('PreToolUse', `p${n}`, (e) => {
        seen.push(e.input.n);
        return { updatedInput: { n: (e.input.n as number) * 10 + n } };
      });
    }
    const out = await bus.callWaterfall('PreToolUse', preEvent('x', { n: 0 }), rewrite);
    expect(seen).toEqual([0, 1, 12]);
    expect(out.event.input).toEqual({ n: 123 });
    expect(out.results).toHaveLength(3);
  });

  it('a deny stops the chain', async () => {
    const bus = createHookBus();
    let later = false;
    bus.tap('PreToolUse', 'deny', () => ({ decision: 'deny' }));
    bus.tap('PreToolUse', 'later', () => void (later = true));
    const out = await bus.callWaterfall('PreToolUse', preEvent(), rewrite);
    expect(later).toBe(false);
    expect(out.results).toEqual([{ decision: 'deny' }]);
  });

  it('parallel hooks run every tap and ignore answers', async () => {
    const bus = createHookBus();
    const ran: string[] = [];
    bus.tap('Notification', 'a', () => void ran.push('a'));
    bus.tap('Notification', 'b', () => void ran.push('b'));
    const out = await bus.callParallel('Notification', { taskId: 't', cwd: '/ws', hook: 'Notification', message: 'hi' });
    expect(ran.sort()).toEqual(['a', 'b']);
    expect(out.errors).toEqual([]);
  });
});

describe('tool-scoped taps', () => {
  it('fire only for the tools they name', async () => {
    const bus = createHookBus();
    const ran: string[] = [];
    bus.tap('PreToolUse', { name: 'scoped', tools: ['write_to_file', 'replace_in_file'] }, (e) => void ran.push(`scoped:${e.tool}`));
    bus.tap('PreToolUse', 'all', (e) => void ran.push(`all:${e.tool}`));
    for (const tool of ['read_file', 'write_to_file', 'replace_in_file']) await bus.callWaterfall('PreToolUse', preEvent(tool), rewrite);
    expect(ran).toEqual(['all:read_file', 'scoped:write_to_file', 'all:write_to_file', 'scoped:replace_in_file', 'all:replace_in_file']);
    expect(bus.taps('PreToolUse')[0]).toEqual({
      hook: 'PreToolUse',
      name: 'scoped',
      stage: STAGE.DEFAULT,
      tools: ['write_to_file', 'replace_in_file'],
    });
  });
});

describe('unregister', () => {
  it('the function tap returns removes the tap (and is idempotent)', async () => {
    const bus = createHookBus();
    const ran: string[] = [];
    const offA = bus.tap('TaskStart', 'a', () => void ran.push('a'));
    bus.tap('TaskStart', 'b', () => void ran.push('b'));
    await bus.callSeries('TaskStart', taskEvent);
    offA();
    offA();
    await bus.callSeries('TaskStart', taskEvent);
    expect(ran).toEqual(['a', 'b', 'b']);
    expect(bus.taps('TaskStart').map((t) => t.name)).toEqual(['b']);
  });
});

describe('failures', () => {
  const boom = () => {
    throw new Error('boom');
  };
  const slow = () => new Promise<PreToolUseResult>((r) => setTimeout(() => r({ decision: 'allow' }), 1_000));

  it.each([
    { what: 'a throwing PreToolUse tap blocks by default', hook: 'PreToolUse' as const, fn: boom, onError: undefined, blocked: true },
    { what: 'onError: continue lets the chain go on', hook: 'PreToolUse' as const, fn: boom, onError: 'continue' as const, blocked: false },
    { what: 'a timed-out PreToolUse tap blocks by default', hook: 'PreToolUse' as const, fn: slow, onError: undefined, blocked: true },
    {
      what: 'a timed-out tap with onError: continue goes on',
      hook: 'PreToolUse' as const,
      fn: slow,
      onError: 'continue' as const,
      blocked: false,
    },
    { what: 'other hooks continue by default', hook: 'PostToolUse' as const, fn: boom, onError: undefined, blocked: false },
  ])('$what', async ({ hook, fn, onError, blocked }) => {
    const bus = createHookBus();
    let later = false;
    bus.tap(hook, { name: 'failing', onError, timeoutMs: 20 }, fn as never);
    bus.tap(hook, 'later', () => void (later = true));
    const out =
      hook === 'PreToolUse'
        ? await bus.callWaterfall('PreToolUse', preEvent(), rewrite)
        : await bus.callWaterfall(
            'PostToolUse',
            { ...preEvent(), result: { content: [], isError: false }, success: true, durationMs: 0 },
            (e) => ({ event: e }),
          );
    expect(out.errors).toEqual([expect.objectContaining({ tap: 'failing', blocked })]);
    expect(later).toBe(!blocked);
  });

  it('a time-out is a QUIVER_ERR_HOOK_TIMEOUT naming the tap and hook', async () => {
    const bus = createHookBus();
    bus.tap('PreToolUse', { name: 'quiver-hooks-slow', timeoutMs: 10 }, () => new Promise(() => {}));
    const out = await bus.callWaterfall('PreToolUse', preEvent(), rewrite);
    expect(out.errors[0].error).toMatchObject({ code: ERROR_CODES.HOOK_TIMEOUT, hook: 'PreToolUse' });
    expect(out.errors[0].error.message).toContain('quiver-hooks-slow');
  });

  it('a call runs the taps registered when it began: one removed meanwhile is skipped, one added waits for the next call', async () => {
    const bus = createHookBus();
    const ran: string[] = [];
    let untapB = () => {};
    bus.tap('TaskStart', 'a', () => {
      ran.push('a');
      untapB();
      bus.tap('TaskStart', 'late', () => void ran.push('late'));
    });
    untapB = bus.tap('TaskStart', 'b', () => void ran.push('b'));
    bus.tap('TaskStart', 'c', async () => void ran.push('c'));
    await bus.callSeries('TaskStart', taskEvent);
    expect(ran).toEqual(['a', 'c']);
    ran.length = 0;
    untapB(); // a second untap is harmless
    await bus.callSeries('TaskStart', taskEvent);
    expect(ran).toEqual(['a', 'c', 'late']);
    expect(bus.taps('TaskStart').map((t) => t.name)).toEqual(['a', 'c', 'late', 'late']);
  });

  it('parallel taps start together and every failure is recorded', async () => {
    const bus = createHookBus();
    const started: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    bus.tap('TaskCancel', 'slow', async () => {
      started.push('slow');
      await gate;
    });
    bus.tap('TaskCancel', 'boom', () => {
      started.push('boom');
      throw new Error('boom');
    });
    const call = bus.callParallel('TaskCancel', { taskId: 't', cwd: '/ws', hook: 'TaskCancel' } as never);
    expect(started).toEqual(['slow', 'boom']);
    release();
    const out = await call;
    expect(out.errors.map((e) => e.tap)).toEqual(['boom']);
  });

  it('an unknown hook name or a nameless tap throws QUIVER_ERR_HOOK_UNKNOWN', () => {
    const bus = createHookBus();
    expect(() => bus.tap('PreToolUze' as never, 'x', () => {})).toThrow(expect.objectContaining({ code: ERROR_CODES.HOOK_UNKNOWN }));
    expect(() => bus.tap('PreToolUse', { name: '' }, () => {})).toThrow(expect.objectContaining({ code: ERROR_CODES.HOOK_UNKNOWN }));
  });
});

describe('HOOK_NAMES', () => {
  it('lists the nine baseline hooks with their kinds', () => {
    expect(HOOK_NAMES).toEqual({
      PreToolUse: 'waterfall',
      PostToolUse: 'waterfall',
      UserPromptSubmit: 'waterfall',
      TaskStart: 'series',
      TaskResume: 'series',
      TaskComplete: 'series',
      PreCompact: 'series',
      TaskCancel: 'parallel',
      Notification: 'parallel',
    });
    expect(isHookName('PreToolUse')).toBe(true);
    expect(isHookName('toString')).toBe(false);
  });
});
