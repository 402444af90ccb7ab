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
    expect(host.approvals[0]).toMatchObject({ tool: 'probe', category: 'edit', path: '/ws/src/a.ts', command: 'make', setting: 'approval.editFiles' });
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
  { gate: 'zod validation', params: { ...GOOD, count: 'three' }, code: ERROR_CODES.PARAM_INVALID, last: 'validate', stage: 'validate-params' },
  { gate: 'command permissions', options: { deniedCommands: ['make'] }, code: ERROR_CODES.COMMAND_DENIED, last: 'permissions.check', stage: 'command-permissions' },
  { gate: 'path resolution', params: { path: 'a\0b', command: 'make' }, code: ERROR_CODES.PATH_MALFORMED, last: 'workspace.resolve', stage: 'ignore-rules' },
  { gate: 'ignore rules (path)', options: { ignoredPaths: ['src/a.ts'] }, code: ERROR_CODES.PATH_IGNORED, last: 'ignore.checkPath', stage: 'ignore-rules' },
  { gate: 'ignore rules (command)', options: { ignoredCommands: ['make'] }, code: ERROR_CODES.COMMAND_IGNORED, last: 'ignore.checkCommand', stage: 'ignore-rules' },
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
