// The pipeline's order, read off one log that every fake and tap appends to (SPEC Part B §2
// "Handler order", DESIGN "Pipeline"): validate → command permissions → ignore rules and path
// resolution → approval → PreToolUse → execute → PostToolUse → telemetry.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, definePlugin, ERROR_CODES, resultText, type TaskConfig } from '../index.js';
import { createRecordingHost, type RecordingHost, type RecordingHostOptions } from '../../test/support/recording-host.js';

let host: RecordingHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

/** A tool with a path and a command parameter, so every gate has something to check. */
function probeTool(log: string[], seen: { config?: TaskConfig; params?: unknown }) {
  return defineTool({
    name: 'probe',
    description: 'Touches a path and runs a command.',
    params: z.object({
      // defineTool's execute() parses the block again, so only the first parse is the gate's.
      path: z.string().refine(() => (log.includes('validate') || log.push('validate'), true)),
      command: z.string(),
      count: z.number().optional(),
    }),
    approval: 'edit',
    paths: { path: 'write' },
    command: 'command',
    async execute(config, params) {
      log.push('execute');
      seen.config = config;
      seen.params = params;
      return `ran ${params.command} on ${params.path}`;
    },
  });
}

function setup(options: RecordingHostOptions = {}) {
  host = createRecordingHost(options);
  const seen: { config?: TaskConfig; params?: unknown } = {};
  host.registry.addPlugin(definePlugin({ name: 'quiver-tool-probe', tools: [probeTool(host.log, seen)] }));
  const log = host.log;
  host.hooks.tap('PreToolUse', 'test-recorder', () => void log.push('PreToolUse'));
  host.hooks.tap('PostToolUse', 'test-recorder', () => void log.push('PostToolUse'));
  return { host, seen, task: host.createTask() };
}

const GOOD = { path: 'src/a.ts', command: 'make' };
const INPUT_STEPS = ['validate', 'permissions.check', 'workspace.resolve', 'ignore.checkPath', 'ignore.checkCommand', 'ui.approve'];

describe('pipeline order', () => {
  it('hands every command service the one screened command the tool gets (one parse per call)', async () => {
    const commandsSeen: unknown[] = [];
    const { task, seen } = setup({ commandsSeen: commandsSeen as never[] });
    await task.call('probe', GOOD);
    expect(commandsSeen).toHaveLength(2);
    expect(commandsSeen[0]).toMatchObject({ input: 'make', text: 'make' });
    expect(commandsSeen[1]).toBe(commandsSeen[0]);
    expect(seen.config?.command).toBe(commandsSeen[0]);
  });

  it('runs every step once, in order', async () => {
    const { host, task, seen } = setup();
    const result = await task.call('probe', GOOD);
    expect(result).toEqual({ content: [{ type: 'text', text: 'ran make on src/a.ts' }], isError: false });
    expect(host.log).toEqual([...INPUT_STEPS, 'PreToolUse', 'execute', 'PostToolUse', 'telemetry']);
    expect(host.events).toEqual([expect.objectContaining({ tool: 'probe', stage: 'done', isError: false, approval: 'user' })]);
    // The handler reads the gates' work: the resolved path, frozen, and how the call was approved.
    expect(seen.config?.paths.path).toMatchObject({ input: 'src/a.ts', resolved: '/ws/src/a.ts', inside: true });
    expect(Object.isFrozen(seen.config)).toBe(true);
    expect(seen.config?.approval).toBe('user');
    expect(host.approvals[0]).toMatchObject({
      tool: 'probe',
      category: 'edit',
      path: '/ws/src/a.ts',
      command: 'make',
      setting: 'approval.editFiles',
    });
  });

  it('skips the prompt when the AutoApprover approves', async () => {
    const { host, task, seen } = setup({ approval: { editFiles: true } });
    await task.call('probe', GOOD);
    expect(host.log).toEqual([...INPUT_STEPS.slice(0, -1), 'PreToolUse', 'execute', 'PostToolUse', 'telemetry']);
    expect(seen.config?.approval).toBe('auto');
  });

  it('passes validated params (defaults applied, transforms once) to the handler', async () => {
    const h = (host = createRecordingHost({ approval: { yolo: true } }));
    let got: unknown;
    const tool = defineTool({
      name: 'split',
      description: 'Splits a list.',
      params: z.object({ list: z.string().transform((s) => s.split(',')), sep: z.string().default('+') }),
      approval: 'none',
      async execute(_config, params) {
        got = params;
        return params.list.join(params.sep);
      },
    });
    h.registry.addPlugin(definePlugin({ name: 'quiver-tool-split', tools: [tool] }));
    const result = await h.createTask().call('split', { list: 'a,b' });
    expect(resultText(result)).toBe('a+b');
    expect(got).toEqual({ list: ['a', 'b'], sep: '+' });
  });
});

interface DenialCase {
  gate: string;
  options?: RecordingHostOptions;
  params?: Record<string, unknown>;
  /** Taps to add before the call. */
  tap?: (host: RecordingHost) => void;
  code: string;
  /** The last step that ran. */
  last: string;
  /** The telemetry stage (the gate that stopped the call). */
  stage: string;
}

const DENIALS: DenialCase[] = [
  { gate: 'required params', params: { path: ' ', command: 'make' }, code: ERROR_CODES.PARAM_MISSING, last: '', stage: 'validate-params' },
  {
    gate: 'zod validation',
    params: { ...GOOD, count: 'three' },
    code: ERROR_CODES.PARAM_INVALID,
    last: 'validate',
    stage: 'validate-params',
  },
  {
    gate: 'command permissions',
    options: { deniedCommands: ['make'] },
    code: ERROR_CODES.COMMAND_DENIED,
    last: 'permissions.check',
    stage: 'command-permissions',
  },
  {
    gate: 'path resolution',
    params: { path: 'a\0b', command: 'make' },
    code: ERROR_CODES.PATH_MALFORMED,
    last: 'workspace.resolve',
    stage: 'ignore-rules',
  },
  {
    gate: 'ignore rules (path)',
    options: { ignoredPaths: ['src/a.ts'] },
    code: ERROR_CODES.PATH_IGNORED,
    last: 'ignore.checkPath',
    stage: 'ignore-rules',
  },
  {
    gate: 'ignore rules (command)',
    options: { ignoredCommands: ['make'] },
    code: ERROR_CODES.COMMAND_IGNORED,
    last: 'ignore.checkCommand',
    stage: 'ignore-rules',
  },
  { gate: 'approval', options: { approve: false }, code: ERROR_CODES.APPROVAL_DENIED, last: 'ui.approve', stage: 'approval' },
  {
    gate: 'PreToolUse',
    tap: (h) => void h.hooks.tap('PreToolUse', 'test-policy', () => ({ decision: 'deny', reason: 'not today' })),
    code: ERROR_CODES.HOOK_BLOCKED,
    last: 'PreToolUse',
    stage: 'pre-tool-use',
  },
];

describe('a denial at each gate stops every later step', () => {
  it.each(DENIALS)('$gate → $code', async ({ options, params, tap, code, last, stage }) => {
    const { host, task } = setup(options);
    tap?.(host);
    const result = await task.call('probe', params ?? GOOD);
    expect(result.isError).toBe(true);
    expect(result.code).toBe(code);
    const steps = host.log.slice(0, -1);
    expect(host.log.at(-1)).toBe('telemetry');
    expect(steps.at(-1) ?? '').toBe(last);
    expect(steps).not.toContain('execute');
    expect(steps).not.toContain('PostToolUse');
    expect(host.events).toEqual([expect.objectContaining({ tool: 'probe', stage, isError: true, code })]);
  });

  it('names the rule that denied', async () => {
    const { task } = setup({ ignoredPaths: ['src/a.ts'] });
    const result = await task.call('probe', GOOD);
    expect(resultText(result)).toContain('rule P5');
  });
});

describe('tool lookup', () => {
  it('an unknown tool is an error result naming the tools there are', async () => {
    const { task } = setup();
    const result = await task.call('nope', {});
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.TOOL_UNKNOWN });
    expect(resultText(result)).toContain('probe');
    expect(task.mistakes.count).toBe(1);
  });
});

describe('approval gate', () => {
  function commandHost(options: RecordingHostOptions) {
    const h = (host = createRecordingHost(options));
    const run = defineTool({
      name: 'run',
      description: 'Runs a command.',
      params: z.object({ command: z.string(), requires_approval: z.string().optional() }),
      approval: {
        category: 'command',
        escalate: (_config, p) =>
          p.requires_approval?.toLowerCase() === 'true'
            ? 'the model marked this command as needing approval'
            : p.command.startsWith('rm ')
              ? 'rm deletes files'
              : undefined,
      },
      command: 'command',
      async execute(config) {
        h.log.push(`execute:${config.approval}`);
        return 'done';
      },
    });
    h.registry.addPlugin(definePlugin({ name: 'quiver-tool-run', tools: [run] }));
    return h;
  }

  it.each([
    { settings: {}, params: { command: 'ls' }, asks: false },
    { settings: {}, params: { command: 'ls', requires_approval: 'TRUE' }, asks: true },
    { settings: {}, params: { command: 'rm -rf build', requires_approval: 'false' }, asks: true },
    { settings: { executeAllCommands: true }, params: { command: 'rm -rf build' }, asks: false },
    { settings: { executeSafeCommands: false, executeAllCommands: true }, params: { command: 'ls' }, asks: true },
  ])('$settings, $params → asks: $asks', async ({ settings, params, asks }) => {
    const h = commandHost({ approval: settings });
    await h.createTask().call('run', params);
    expect(h.approvals.length).toBe(asks ? 1 : 0);
    expect(h.log).toContain(asks ? 'execute:user' : 'execute:auto');
  });

  it('a subagent task runs what the main task auto-approves without asking (S1; refusals: approval.test.ts)', async () => {
    const h = commandHost({});
    await h.createTask({ isSubagent: true }).call('run', { command: 'ls' });
    expect(h.approvals).toEqual([]);
    expect(h.log).toContain('execute:auto');
  });

  it("approval: 'none' needs no approval", async () => {
    const h = (host = createRecordingHost({ approval: { readFiles: false, useMcp: false } }));
    const t = defineTool({
      name: 'noop',
      description: 'Nothing.',
      params: z.object({}),
      approval: 'none',
      execute: async (c) => c.approval,
    });
    h.registry.addPlugin(definePlugin({ name: 'quiver-tool-noop', tools: [t] }));
    expect(resultText(await h.createTask().call('noop', {}))).toBe('not-needed');
    expect(h.approvals).toEqual([]);
  });

  it('user feedback with a denial reaches the model', async () => {
    const { task } = setup({ approve: { approved: false, feedback: 'use the Makefile target instead' } });
    const result = await task.call('probe', GOOD);
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.APPROVAL_DENIED, mistake: 'keep' });
    expect(resultText(result).split('use the Makefile target instead')).toHaveLength(2);
    expect(resultText(result)).toContain('<feedback>\nuse the Makefile target instead\n</feedback>');
    expect(task.mistakes.count).toBe(0);
  });

  it('user feedback with a yes goes with the result, once', async () => {
    const { host, task } = setup({ approve: { approved: true, feedback: 'fine, but only this once' } });
    const result = await task.call('probe', GOOD);
    expect(result.isError).toBe(false);
    expect(result.content.map((b) => (b.type === 'text' ? b.text : ''))).toEqual([
      'ran make on src/a.ts',
      'The user provided the following feedback:\n<feedback>\nfine, but only this once\n</feedback>',
    ]);
    host.setApprove(true);
    expect(resultText(await task.call('probe', { ...GOOD, count: 1 }))).toBe('ran make on src/a.ts');
  });
});

describe('tasks', () => {
  it('a signal aborted before the task starts is aborted inside it', async () => {
    const h = (host = createRecordingHost({ bare: true }));
    const t = defineTool({
      name: 'aborted',
      description: 'Reports the signal.',
      params: z.object({}),
      approval: 'none',
      execute: async (c) => String(c.signal.aborted),
    });
    h.registry.addPlugin(definePlugin({ name: 'quiver-tool-aborted', tools: [t] }));
    const early = new AbortController();
    early.abort();
    expect(resultText(await h.createTask({ signal: early.signal }).call('aborted', {}))).toBe('true');
    const late = new AbortController();
    const task = h.createTask({ signal: late.signal });
    expect(resultText(await task.call('aborted', {}))).toBe('false');
    late.abort();
    expect(resultText(await task.call('aborted', {}))).toBe('true');
  });

  it('the signal is aborted by dispose, also when the tool first reads it afterwards', async () => {
    const h = (host = createRecordingHost({ bare: true }));
    const configs: TaskConfig[] = [];
    const t = defineTool({
      name: 'keeps',
      description: 'Keeps its config.',
      params: z.object({}),
      approval: 'none',
      execute: async (c) => void configs.push(c) ?? 'kept',
    });
    h.registry.addPlugin(definePlugin({ name: 'quiver-tool-keeps', tools: [t] }));
    const session = new AbortController();
    const read = h.createTask({ signal: session.signal });
    await read.call('keeps', {});
    const unread = h.createTask({ signal: session.signal });
    await unread.call('keeps', {});
    const early = configs[0].signal;
    expect(early.aborted).toBe(false);
    await read.dispose();
    await unread.dispose();
    expect(early.aborted).toBe(true);
    expect(configs[1].signal.aborted).toBe(true);
    expect((configs[1].signal.reason as Error).name).toBe('AbortError');
    // Aborting the session after the tasks ended changes nothing for them.
    session.abort(new Error('session closed'));
    expect((configs[1].signal.reason as Error).message).toBe('The task was disposed.');
    const late = h.createTask({ signal: session.signal });
    await late.call('keeps', {});
    await late.dispose();
    expect((configs[2].signal.reason as Error).message).toBe('session closed');
  });

  it('partial blocks go to handlePartialBlock with the host UI (its `this` kept) and the config; errors there are dropped', async () => {
    class ClassUi {
      readonly lines: string[] = [];
      say(type: string, text: string) {
        this.lines.push(`${type}:${text}`);
      }
      async ask() {
        return { response: 'yes' as const };
      }
      async approve() {
        return { approved: true };
      }
    }
    const ui = new ClassUi();
    const h = (host = createRecordingHost({ bare: true }));
    const streamed = defineTool({
      name: 'streamed',
      description: 'Streams.',
      params: z.object({ text: z.string() }),
      approval: 'none',
      async handlePartialBlock(block, partialUi) {
        if (block.params.text === 'boom') throw new Error('half-written');
        partialUi.say('partial', `${String(block.params.text)} in ${partialUi.config.taskId}`);
      },
      execute: async (_c, p) => p.text,
    });
    h.registry.addPlugin(definePlugin({ name: 'quiver-tool-streamed', tools: [streamed] }));
    const task = h.createTask({ id: 'task-1', ui });
    expect(streamed.fullyManaged).toBe(true);
    expect(await task.execute({ name: 'streamed', params: { text: 'hel' }, partial: true })).toBeUndefined();
    expect(await task.execute({ name: 'streamed', params: { text: 'boom' }, partial: true })).toBeUndefined();
    expect(await task.execute({ name: 'probe-less', params: {}, partial: true })).toBeUndefined();
    expect(ui.lines).toEqual(['partial:hel in task-1']);
    expect(h.events).toEqual([]);
    expect(task.mistakes.count).toBe(0);
  });
});
