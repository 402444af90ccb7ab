import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingUi } from '@quiver/testing';
import type { CommandOutput } from '../command-output.js';
import { createFakeWindow } from '../fake-vscode.js';
import { createOutputLog } from '../output-log.js';
import { createQuiverSession } from '../quiver-session.js';
import { readSettings } from '../settings.js';
import { createTempWorkspace } from '../temp-workspace.js';
import { checkCommandPermissionCommand } from './check-command-permission.js';
import type { CommandDeps } from './command-deps.js';
import { openConfigCommand, STARTER_CONFIG } from './open-config.js';
import { paramsTemplate, parseParams, runToolCommand } from './run-tool.js';
import { showToolsCommand, toolsListing } from './show-tools.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(files: Record<string, string | object> = {}, answers: (string | undefined)[] = [], approve = true) {
  const ws = await createTempWorkspace({ 'a.txt': 'alpha\n', ...files });
  cleanup.push(() => ws.dispose());
  const ui = createRecordingUi(approve);
  const session = createQuiverSession({ folders: () => [ws.root], settings: () => readSettings({ get: () => undefined }), ui });
  cleanup.push(() => session.dispose());
  const window = createFakeWindow(answers);
  const shown: { tool: string; text: string }[] = [];
  const opened: string[] = [];
  const log = createOutputLog({ appendLine: () => undefined, show: () => undefined, dispose: () => undefined });
  const commandOutput: CommandOutput = { begin: () => undefined, write: () => undefined, dispose: () => undefined };
  const deps: CommandDeps = {
    window: window as unknown as CommandDeps['window'],
    openDocument: async (p) => (opened.push(p), {}) as never,
    session,
    ui,
    log,
    commandOutput,
    results: { show: async (tool, text) => (shown.push({ tool, text }), undefined as never) },
    folders: () => [ws.root],
  };
  return { ws, ui, window, deps, shown, opened, log };
}

describe('Quiver: Run Tool…', () => {
  it('runs a call given as arguments without any picker, and returns the result', async () => {
    const { deps, window, log, shown } = await setup();
    const r = await runToolCommand(deps, { tool: 'read_file', params: { path: 'a.txt' } });
    expect(r).toMatchObject({ tool: 'read_file', isError: false, text: expect.stringContaining('1 | alpha') });
    expect(window.prompts).toEqual([]);
    expect(shown).toEqual([]);
    expect(log.transcript()).toMatch(/\[result\] read_file: ok/);
  });

  it('asks for the tool and the JSON parameters, then shows the result in an editor', async () => {
    const { ws, deps, window, shown, ui } = await setup({}, ['write_to_file', '{"path":"b.txt","content":"bee\\n"}']);
    const r = await runToolCommand(deps);
    expect(window.prompts.map((p) => p.kind)).toEqual(['quickPick', 'input']);
    expect((window.prompts[1].options as { value: string }).value).toBe('{"content":""}');
    expect(r?.isError).toBe(false);
    expect(readFileSync(ws.path('b.txt'), 'utf8')).toBe('bee\n');
    expect(shown.map((s) => s.tool)).toEqual(['write_to_file']);
    // The preview streamed before the approval prompt.
    expect(ui.previews.map((p) => p.final)).toEqual([false, true]);
    expect(ui.approvals.map((a) => a.tool)).toEqual(['write_to_file']);
  });

  it('writes nothing when the approval is denied, and reports the denial', async () => {
    const { ws, deps } = await setup({}, [], false);
    const r = await runToolCommand(deps, { tool: 'write_to_file', params: '{"path":"c.txt","content":"x"}' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_APPROVAL_DENIED' });
    expect(existsSync(ws.path('c.txt'))).toBe(false);
  });

  it('stops quietly when a picker is dismissed', async () => {
    const { deps } = await setup({}, [undefined]);
    expect(await runToolCommand(deps)).toBeUndefined();
  });

  it('accepts one JSON object only, and offers the required keys as a template', () => {
    expect(parseParams('{"a":1}')).toEqual({ a: 1 });
    expect(() => parseParams('[1]')).toThrow(/one JSON object/);
    expect(() => parseParams('{')).toThrow(/not valid JSON/);
    expect(
      paramsTemplate({
        required: ['path', 'n', 'ok'],
        properties: { path: { type: 'string' }, n: { type: 'integer' }, ok: { type: 'boolean' } },
      }),
    ).toEqual({ path: '', n: 0, ok: false });
  });
});

describe('Quiver: Check Command Permission…', () => {
  it('explains R1–R9 and the ignore screen under the config', async () => {
    const { deps } = await setup({
      'quiver.config.json': { commandPermissions: { allow: ['git *', 'cat *'] } },
      '.quiverignore': 'secret.txt\n',
    });
    expect(await checkCommandPermissionCommand(deps, { command: 'git status' })).toMatchObject({
      allowed: true,
      text: expect.stringContaining('ALLOWED'),
    });
    expect(await checkCommandPermissionCommand(deps, { command: 'rm -rf /' })).toMatchObject({
      allowed: false,
      text: expect.stringContaining('R7'),
    });
    const ignored = await checkCommandPermissionCommand(deps, { command: 'cat secret.txt' });
    expect(ignored).toMatchObject({ allowed: false, text: expect.stringContaining('Ignore screen (I1–I5): DENIED') });
  });

  it('asks for the command when none is given', async () => {
    const { deps, window } = await setup({}, ['ls']);
    expect(await checkCommandPermissionCommand(deps)).toMatchObject({ command: 'ls', allowed: true });
    expect(window.prompts.map((p) => p.kind)).toEqual(['input', 'information']);
  });
});

describe('Quiver: Open Config / Show Tools', () => {
  it('opens the config in use', async () => {
    const { ws, deps, opened } = await setup({ 'quiver.config.json': {} });
    expect(await openConfigCommand(deps)).toBe(ws.path('quiver.config.json'));
    expect(opened).toEqual([ws.path('quiver.config.json')]);
  });

  it('creates a starter config when there is none and the user agrees', async () => {
    const { ws, deps } = await setup({}, ['Create quiver.config.json']);
    expect(await openConfigCommand(deps)).toBe(ws.path('quiver.config.json'));
    expect(JSON.parse(readFileSync(ws.path('quiver.config.json'), 'utf8'))).toEqual(STARTER_CONFIG);
    const { deps: other, ws: otherWs } = await setup({}, [undefined]);
    expect(await openConfigCommand(other)).toBeUndefined();
    expect(existsSync(otherWs.path('quiver.config.json'))).toBe(false);
  });

  it('lists the offered tools', async () => {
    const { deps, log } = await setup({ 'quiver.config.json': { tools: { execute_command: { hidden: true } } } });
    const tools = await showToolsCommand(deps, { pick: false });
    expect(tools.map((t) => t.name)).not.toContain('execute_command');
    expect(log.transcript()).toContain('Quiver tools (');
    expect(toolsListing([{ name: 'x', package: 'p', description: 'd', hidden: false }], undefined)).toBe(
      'Quiver tools (no quiver.config: defaults):\n  x                        d  (p)',
    );
  });
});
